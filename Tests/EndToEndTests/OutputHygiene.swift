import XKCDKit

/// Checks what a run printed for bytes the program did not write itself and for lines wider
/// than the terminal.
enum OutputHygiene {
    /// What is wrong with `text`: a C0 control other than a newline (once the program's own SGR
    /// colour sequences are taken out), DEL, a C1 control or a bidirectional override or
    /// isolate; with `width`, a line wider than it that is not a single address (addresses are
    /// printed whole by design, after at most a short label).
    static func problems(in text: String, width: Int? = nil) -> [String] {
        let plain = withoutColours(text)
        var found: [String] = []
        for scalar in plain.unicodeScalars {
            let value = scalar.value
            if value < 0x20 && scalar != "\n" || value == 0x7F || (0x80...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            {
                found.append(String(format: "U+%04X", value))
            }
        }
        if let width {
            for line in plain.split(separator: "\n")
            where DisplayWidth.of(line) > width && !isAddress(line, width: width) {
                found.append("\(DisplayWidth.of(line)) columns: \(line.prefix(60))")
            }
        }
        return found
    }

    /// `ESC [ digits/semicolons m` removed; any other escape stays and is reported.
    static func withoutColours(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, scalars[j] == ";" || ("0"..."9").contains(scalars[j]) { j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    i = j + 1
                    continue
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    // A line that is one URL, or a short label and one URL.
    private static func isAddress(_ line: Substring, width: Int) -> Bool {
        let words = line.split(separator: " ")
        guard let last = words.last, last.contains("://") || last.hasPrefix("mailto:") else { return false }
        return DisplayWidth.of(line) - DisplayWidth.of(last) <= min(width, 20)
    }
}
