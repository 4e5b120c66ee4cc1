import Dispatch
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

    /// A probe that waits at most `timeoutMilliseconds` for the terminal's answer.
    init(timeoutMilliseconds: Int32 = 1000) {
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
        let reply = Self.exchange(query, timeoutMilliseconds: timeout, isComplete: GraphicsReply.isComplete)
        return reply.map { GraphicsReply(parsing: $0) } ?? GraphicsReply()
    }

    /// Writes `query` to the controlling terminal and reads what it answers until
    /// `isComplete` says it has all, or `timeoutMilliseconds` have passed (a terminal that
    /// never answers costs no more); nil when there is no terminal to ask, or we are not in
    /// its foreground.
    static func exchange(_ query: String, timeoutMilliseconds timeout: Int32, isComplete: ([UInt8]) -> Bool)
        -> [UInt8]?
    {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // From the background (`xkcd image 1 &`) the terminal would stop us for asking.
        guard tcgetpgrp(fd) == getpgrp() else { return nil }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        // TCSAFLUSH: an answer that comes after the wait is dropped rather than typed.
        defer { tcsetattr(fd, TCSAFLUSH, &saved) }
        let query = Array(query.utf8)
        guard query.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == query.count else { return nil }
        var reply: [UInt8] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 256)
        while !isComplete(reply), reply.count < 4096 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32((deadline - now) / 1_000_000) + 1
            guard poll(&poller, 1, wait) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            reply += buffer[0..<n]
        }
        return reply
    }
}
