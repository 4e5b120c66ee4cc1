/// A terminal's background colour, as it answers OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`, ended
/// by BEL or `ESC \`) or as `COLORFGBG` (`15;0`: a palette index) gives it.
package struct TerminalBackground: Sendable, Equatable {
    /// Red, green and blue, 0–255.
    var red: Int
    /// Green, 0–255.
    var green: Int
    /// Blue, 0–255.
    var blue: Int

    /// A colour from its channels, 0–255.
    init(red: Int, green: Int, blue: Int) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// Whether text on it should be light: its relative luminance is below the middle grey's.
    var isDark: Bool {
        // Rec. 709 weights on the channels as sent: close enough to tell dark from light.
        0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue) < 128
    }

    /// The background an OSC 11 answer in `reply` names (among other bytes), if any.
    init?(osc11 reply: [UInt8]) {
        let marker = "\u{1B}]11;rgb:"
        guard let start = ASCIICase.offset(of: marker, in: reply) else { return nil }
        let body = reply[(start + marker.utf8.count)...].prefix { $0 != 0x07 && $0 != 0x1B }
        let parts = body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [Int] = []
        for part in parts {
            // 1 to 4 hex digits, scaled to 0–255 (`ffff` and `ff` are both full).
            guard (1...4).contains(part.count), let value = Int(String(decoding: part, as: UTF8.self), radix: 16)
            else { return nil }
            let full = (1 << (4 * part.count)) - 1
            channels.append((value * 255 + full / 2) / full)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// The background `COLORFGBG` (`fg;bg` or `fg;default;bg`) names: palette entries 0–6 and
    /// 8 are dark, 7 and 9–15 light; nil when it names none.
    init?(colorFgBg: String?) {
        guard let last = colorFgBg?.split(separator: ";").last, let index = Int(last), (0...15).contains(index) else {
            return nil
        }
        let dark = (0...6).contains(index) || index == 8
        self.init(red: dark ? 0 : 255, green: dark ? 0 : 255, blue: dark ? 0 : 255)
    }
}

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
