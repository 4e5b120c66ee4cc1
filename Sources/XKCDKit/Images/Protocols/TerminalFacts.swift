/// The terminal images are drawn on, asked each time one is (its size may have changed).
package protocol TerminalDescribing: Sendable {
    /// Whether standard output is a terminal at all (a pipe gets no picture after a move).
    var isTerminal: Bool { get }

    /// Whether a picture drawn now with `forced` (nil: the protocol is chosen from the
    /// terminal) would be pixels rather than text: what decides whether a move brings the
    /// picture. The terminal itself is asked only where its owner allows it (the REPL, not a
    /// one-shot `next` or a script); elsewhere the environment decides.
    func drawsPixels(forced: ImageProtocol?) -> Bool

    /// What is known about the terminal, found out for drawing with `forced` (nil: the
    /// protocol is chosen from the terminal) for `theme`, without colour when `noColor`.
    func facts(forced: ImageProtocol?, theme: Theme, noColor: Bool) -> TerminalFacts
}

/// What is known about the terminal an image is drawn on, gathered by the caller.
package struct TerminalFacts: Sendable, Equatable {
    /// The process environment (`TERM`, `TERM_PROGRAM`, `TMUX`, `COLORTERM`, `NO_COLOR`, …).
    package var environment: [String: String]
    /// Whether standard output is a terminal.
    var isTTY: Bool
    /// Whether `--no-color` was given.
    var noColor: Bool
    /// Whether the terminal listed sixel (4) in its primary device attributes.
    package var sixel: Bool
    /// Terminal width in cells.
    var columns: Int
    /// Terminal height in cells.
    var rows: Int
    /// Width of one cell in pixels, when the terminal reports it.
    package var cellWidth: Int?
    /// Height of one cell in pixels, when the terminal reports it.
    package var cellHeight: Int?
    /// How many sixel colour registers the terminal has, when it reports it.
    package var colorRegisters: Int?
    /// The widest sixel image the terminal draws, in pixels, when it reports it.
    package var sixelMaxWidth: Int?
    /// The tallest sixel image the terminal draws, in pixels, when it reports it.
    package var sixelMaxHeight: Int?
    /// Whether the background is dark (see ``Theme``); nil when not known.
    package var darkBackground: Bool?
    /// The background colour the terminal reported (OSC 11): the paper line art inverted for
    /// a dark background is drawn on.
    package var background: TerminalBackground?
    /// Inside tmux, whether it passes graphics through to the terminal outside
    /// (`allow-passthrough`); nil when not asked or tmux could not say.
    package var tmuxPassthrough: Bool?
    /// Inside tmux, where the pane is in the terminal outside and its cursor; nil when not
    /// asked or tmux could not say.
    package var tmuxPane: TmuxPassthrough.Pane?
    /// What to set where tmux draws colours in fewer than 256 for the terminal outside it.
    package var tmuxColourNote: String?

    /// Facts about a terminal; what was not found out stays nil.
    package init(
        environment: [String: String], isTTY: Bool, noColor: Bool = false, sixel: Bool = false,
        columns: Int = 80, rows: Int = 24, cellWidth: Int? = nil, cellHeight: Int? = nil,
        colorRegisters: Int? = nil, sixelMaxWidth: Int? = nil, sixelMaxHeight: Int? = nil
    ) {
        self.environment = environment
        self.isTTY = isTTY
        self.noColor = noColor
        self.sixel = sixel
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.colorRegisters = colorRegisters
        self.sixelMaxWidth = sixelMaxWidth
        self.sixelMaxHeight = sixelMaxHeight
    }
}

extension TerminalFacts {
    /// Whether `TERM` names a terminal that takes escapes: set, and not `dumb`.
    package static func takesEscapes(term: String?) -> Bool {
        guard let term else { return false }
        return !term.isEmpty && term != "dumb"
    }
}

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
        if !TerminalFacts.takesEscapes(term: term) { return .ascii }
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
    static func blockColors(facts: TerminalFacts) -> BlockColors {
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
