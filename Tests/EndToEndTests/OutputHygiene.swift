@testable import XKCDKit

/// Checks what a run printed, byte for byte, for anything the program did not write itself and
/// for lines wider than the terminal.
enum OutputHygiene {
    /// The escape sequences a run may hold: none where the program writes no colour (output that
    /// is not a terminal), or the program's own where it does.
    enum Escapes {
        case none
        case colour
    }

    /// What is wrong with `text`: an escape sequence the program does not write itself, any
    /// other C0 control but a newline, DEL, a C1 control or a bidirectional override or isolate;
    /// with `width`, a line wider than it that is not a single address (addresses are printed
    /// whole by design, after at most a short label).
    static func problems(in text: String, width: Int? = nil, escapes: Escapes = .none) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var plain = String.UnicodeScalarView()
        var found: [String] = []
        var i = 0
        while i < scalars.count {
            if escapes == .colour, let end = ownSequence(in: scalars, at: i) {
                i = end
                continue
            }
            let value = scalars[i].value
            if value < 0x20 && scalars[i] != "\n" || value == 0x7F || (0x80...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            {
                let shown =
                    value == 0x1B ? "ESC" + String(String.UnicodeScalarView(scalars[(i + 1)...].prefix(12))) : ""
                found.append(String(format: "U+%04X", value) + (shown.isEmpty ? "" : " \(shown.debugDescription)"))
            }
            plain.append(scalars[i])
            i += 1
        }
        if let width {
            for line in String(plain).split(separator: "\n")
            where DisplayWidth.of(line) > width && !isAddress(line, width: width) {
                found.append("\(DisplayWidth.of(line)) columns: \(line.prefix(60))")
            }
        }
        return found
    }

    /// The sequences `Style` writes around text, and its line start (a progress bar's redraw),
    /// longest first: taken from `Style` itself, so that they are exactly the program's.
    static let styleSequences: [[Unicode.Scalar]] = {
        let style = Style(enabled: true)
        let marked = [style.bold, style.italic, style.dim, style.accent, style.notice, style.error].map { $0("\u{0}") }
        let sequences = Set(marked.flatMap { $0.split(separator: "\u{0}").map(String.init) } + [style.lineStart])
        return sequences.map { Array($0.unicodeScalars) }.sorted { $0.count > $1.count }
    }()

    /// An OSC 8 hyperlink's opening and terminator as `Style` writes them.
    static let hyperlink: (open: [Unicode.Scalar], terminator: [Unicode.Scalar]) = {
        let link = Style(enabled: true).link("\u{0}", to: "\u{1}")
        let open = link.prefix { $0 != "\u{1}" }
        let terminator = link.drop { $0 != "\u{1}" }.dropFirst().prefix { $0 != "\u{0}" }
        return (Array(open.unicodeScalars), Array(terminator.unicodeScalars))
    }()

    /// The end of the program's own sequence that starts at `start`: one of `Style`'s, or an
    /// OSC 8 hyperlink whose address is one the program would link to (or none, which closes it).
    static func ownSequence(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        func matches(_ sequence: [Unicode.Scalar], at index: Int) -> Bool {
            scalars[index...].starts(with: sequence)
        }
        if let sequence = styleSequences.first(where: { matches($0, at: start) }) { return start + sequence.count }
        guard matches(hyperlink.open, at: start) else { return nil }
        let urlStart = start + hyperlink.open.count
        guard let urlEnd = (urlStart..<scalars.count).first(where: { matches(hyperlink.terminator, at: $0) })
        else { return nil }
        let url = String(String.UnicodeScalarView(scalars[urlStart..<urlEnd]))
        guard url.isEmpty || Hyperlink.safeURL(url) == url else { return nil }
        return urlEnd + hyperlink.terminator.count
    }

    // A line that is one URL, or a short label and one URL.
    private static func isAddress(_ line: Substring, width: Int) -> Bool {
        let words = line.split(separator: " ")
        guard let last = words.last, last.contains("://") || last.hasPrefix("mailto:") else { return false }
        return DisplayWidth.of(line) - DisplayWidth.of(last) <= min(width, 20)
    }
}
