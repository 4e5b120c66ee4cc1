import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks the terminal what graphics it draws: sixel support from its primary device attributes
/// (`ESC [ c`, attribute 4), and with XTSMGRAPHICS its colour registers and largest sixel
/// image, and its background colour (OSC 11). Asked once, on the controlling terminal, and
/// only when a caller needs to know.
final class GraphicsProbe {
    private var cached: [Bool: GraphicsReply] = [:]
    private let timeout: Int32
    private let keys: TypedKeys

    /// A probe that waits at most `timeoutMilliseconds` for the terminal's answer, keeping the
    /// keys typed meanwhile in `keys`.
    init(keys: TypedKeys, timeoutMilliseconds: Int32 = 1000) {
        self.keys = keys
        timeout = timeoutMilliseconds
    }

    /// The answer, asked on first use; a terminal that does not answer draws no sixel.
    /// `throughTmux` asks the terminal outside tmux, through its passthrough: tmux answers the
    /// device attributes itself but not the background.
    func answer(throughTmux: Bool = false) -> GraphicsReply {
        if let known = cached[throughTmux] { return known }
        let answer = ask(throughTmux: throughTmux)
        cached[throughTmux] = answer
        return answer
    }

    private func ask(throughTmux: Bool) -> GraphicsReply {
        // Registers, geometry and the background colour, then the device attributes every
        // terminal answers: the last answer tells that the others, if any, have arrived, so a
        // terminal that ignores the rest costs no wait.
        let questions = "\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}]11;?\u{1B}\\\u{1B}[c"
        let query = throughTmux ? TmuxPassthrough.wrap(questions) : questions
        let reply = keys.exchange(query, timeoutMilliseconds: timeout, isComplete: GraphicsReply.isComplete)
        return reply.map { GraphicsReply(parsing: $0) } ?? GraphicsReply()
    }
}
