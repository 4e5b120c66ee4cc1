/// The terminal images are drawn on, asked each time one is (its size may have changed).
package protocol TerminalDescribing: Sendable {
    /// What is known about the terminal, found out for drawing with `forced` (nil: the
    /// protocol is chosen from the terminal) for `theme`, without colour when `noColor`.
    func facts(forced: ImageProtocol?, theme: Theme, noColor: Bool) -> TerminalFacts
}

/// What is known about the terminal an image is drawn on, gathered by the caller.
package struct TerminalFacts: Sendable, Equatable {
    /// The process environment (`TERM`, `TERM_PROGRAM`, `TMUX`, `COLORTERM`, `NO_COLOR`, …).
    package var environment: [String: String]
    /// Whether standard output is a terminal.
    package var isTTY: Bool
    /// Whether `--no-color` was given.
    package var noColor: Bool
    /// Whether the terminal listed sixel (4) in its primary device attributes.
    package var sixel: Bool
    /// Terminal width in cells.
    package var columns: Int
    /// Terminal height in cells.
    package var rows: Int
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
