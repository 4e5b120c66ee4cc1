/// Terminal styling, decided once: with colour off every method returns its text unchanged.
package struct Style: Sendable {
    /// Whether escapes are written.
    package var enabled: Bool

    /// A style that writes escapes when `enabled`.
    package init(enabled: Bool) {
        self.enabled = enabled
    }

    private enum Escape {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let italic = "\u{1B}[3m"
        static let dim = "\u{1B}[2m"
        static let cyan = "\u{1B}[36m"
        static let yellow = "\u{1B}[33m"
        static let red = "\u{1B}[31m"
        static let eraseLine = "\u{1B}[2K"
        static let hyperlink = "\u{1B}]8;;"
        static let terminator = "\u{1B}\\"
    }

    /// Bold text.
    package func bold(_ s: String) -> String { wrap(s, Escape.bold) }
    /// Italic text.
    package func italic(_ s: String) -> String { wrap(s, Escape.italic) }
    /// Dimmed text.
    package func dim(_ s: String) -> String { wrap(s, Escape.dim) }
    /// A comic number or other accent.
    package func accent(_ s: String) -> String { wrap(s, Escape.cyan) }
    /// A warning or notice.
    package func notice(_ s: String) -> String { wrap(s, Escape.yellow) }
    /// An error label.
    package func error(_ s: String) -> String { wrap(s, Escape.red) }

    /// Back to the start of the line, erasing it where escapes are written (a progress bar's
    /// redraw).
    package var lineStart: String { enabled ? "\r" + Escape.eraseLine : "\r" }

    /// `text` as an OSC 8 hyperlink to `url`, which must have passed ``Hyperlink/safeURL(_:)``.
    package func link(_ text: String, to url: String) -> String {
        enabled ? Escape.hyperlink + url + Escape.terminator + text + Escape.hyperlink + Escape.terminator : text
    }

    /// `text` with each span from `start` to `end` in bold, the two marks becoming the escapes
    /// that begin and end it.
    package func bold(spansOf text: String, from start: Unicode.Scalar, to end: Unicode.Scalar) -> String {
        guard enabled else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case start: out.append(contentsOf: Escape.bold.unicodeScalars)
            case end: out.append(contentsOf: Escape.reset.unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private func wrap(_ s: String, _ code: String) -> String {
        enabled && !s.isEmpty ? code + s + Escape.reset : s
    }
}

/// OSC 8 hyperlinks: text a terminal shows as a link to an address it does not print. The
/// escapes are written by ``Style/link(_:to:)``.
package enum Hyperlink {
    /// `url` when it is safe to put in an escape sequence and worth following: http(s),
    /// ftp or mailto, printable ASCII only. Protocol-relative addresses get `https:`.
    package static func safeURL(_ url: String) -> String? {
        let full = url.hasPrefix("//") ? "https:" + url : url
        let lower = full.lowercased()
        guard ["http://", "https://", "ftp://", "mailto:"].contains(where: { lower.hasPrefix($0) }),
            full.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return full
    }
}
