/// Picks how to draw an image from what is known about the terminal.
package enum ImageProtocolChoice {
    /// The protocol to use: `forced` when given; otherwise the richest one the terminal is
    /// known to speak, half blocks where nothing better is known, and plain characters where
    /// escapes are unwelcome (not a terminal, `TERM=dumb`, `NO_COLOR`, `--no-color`).
    package static func choose(forced: ImageProtocol?, facts: TerminalFacts) -> ImageProtocol {
        if let forced { return forced }
        guard facts.isTTY else { return .ascii }
        let env = facts.environment
        let term = env["TERM"] ?? ""
        // Checked before the graphics variables: Emacs' shell sets TERM=dumb but inherits
        // KITTY_WINDOW_ID or TERM_PROGRAM from the terminal it was started in.
        if term.isEmpty || term == "dumb" { return .ascii }
        // tmux drops graphics escapes it does not know; a forced protocol can still be
        // sent through TmuxPassthrough, but an automatic choice must work as is.
        if env["TMUX"] == nil {
            let program = env["TERM_PROGRAM"] ?? ""
            if term == "xterm-kitty" || env["KITTY_WINDOW_ID"] != nil || program == "WezTerm" || program == "ghostty" {
                return .kitty
            }
            if program == "iTerm.app" || env["LC_TERMINAL"] == "iTerm2" { return .iterm }
            if facts.sixel { return .sixel }
        }
        // NO_COLOR is about coloured text: it turns half blocks (SGR colours) into plain
        // characters, but leaves pictures drawn by a graphics protocol alone.
        if facts.noColor || !(env["NO_COLOR"] ?? "").isEmpty { return .ascii }
        return .blocks
    }

    /// The colours for half blocks: 24-bit when `COLORTERM` says `truecolor` or `24bit`,
    /// the xterm 256-colour palette otherwise.
    package static func blockColors(facts: TerminalFacts) -> BlockColors {
        switch facts.environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .trueColor
        default: return .palette256
        }
    }
}

/// How an image reaches the terminal.
package enum ImageProtocol: String, CaseIterable, Sendable {
    /// The kitty graphics protocol (kitty, WezTerm, ghostty): the PNG file itself.
    case kitty
    /// iTerm2's inline images (OSC 1337): the file itself.
    case iterm
    /// DEC sixel graphics: pixels quantised to the terminal's colour registers.
    case sixel
    /// Unicode upper half blocks, two pixels a cell, coloured with SGR escapes.
    case blocks
    /// Plain characters shaded by darkness, no escapes at all.
    case ascii

    /// Whether the terminal draws the image's pixels (kitty, iTerm2, sixel) rather than text.
    package var drawsPixels: Bool {
        switch self {
        case .kitty, .iterm, .sixel: true
        case .blocks, .ascii: false
        }
    }
}
