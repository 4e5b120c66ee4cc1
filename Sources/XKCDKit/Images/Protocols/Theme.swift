/// Whether comics are drawn for a dark or a light terminal background (`--theme`, `XKCD_THEME`).
package enum Theme: String, Sendable, CaseIterable {
    /// Ask the terminal (OSC 11), else read `COLORFGBG`; light when neither tells.
    case auto
    /// A dark background: black-on-white comics are drawn light-on-dark.
    case dark
    /// A light background: comics are drawn as they are.
    case light

    /// Whether the background is dark: as `self` says when it is not ``auto``, else as the
    /// terminal's `reported` background colour says, else as `COLORFGBG` in `environment` says;
    /// nil when nothing tells.
    package func isDark(reported: TerminalBackground?, environment: [String: String]) -> Bool? {
        switch self {
        case .dark: true
        case .light: false
        case .auto: reported?.isDark ?? TerminalBackground(colorFgBg: environment["COLORFGBG"])?.isDark
        }
    }
}
