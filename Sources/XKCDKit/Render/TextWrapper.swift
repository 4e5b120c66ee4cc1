/// Word-wraps plain text to a column width, measuring display width; words longer than a
/// line are broken so nothing overflows.
package enum TextWrapper {
    /// The lines of `text` wrapped to `width` columns, each prefixed by `indent`, except the
    /// first, which is prefixed by `first` when given (a label, or a hanging indent's start).
    package static func wrap(_ text: String, width: Int, indent: String = "", first: String? = nil) -> [String] {
        let available = max(10, width - DisplayWidth.of(indent))
        var lead = first ?? indent
        var limit = max(10, width - DisplayWidth.of(lead))
        var lines: [String] = []
        func end(_ line: some StringProtocol) {
            lines.append(lead + line)
            lead = indent
            limit = available
        }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth > limit {
                    end(line)
                    line = ""
                    lineWidth = 0
                }
                if wordWidth > limit {
                    // Wider than a line: whole lines of it, and the rest goes on as the word.
                    var parts = pieces(word, first: limit, rest: available)
                    word = parts.removeLast()
                    wordWidth = DisplayWidth.of(word)
                    for part in parts { end(part) }
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            }
            end(line)
        }
        return lines.map { $0.allSatisfy({ $0 == " " }) ? "" : $0 }
    }

    /// Prose written with hard line breaks (a command's details) fitted to `width`: a paragraph
    /// whose lines all fit stays as written, one that does not is joined and wrapped again.
    /// Blank lines part paragraphs; an indented line or a list item (`- `, `* `, `• `, `1. `)
    /// starts a paragraph of its own, whose later lines keep under its text.
    package static func reflow(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var paragraph: [Substring] = []
        var lead = ""
        var hanging = ""
        func flush() {
            defer { paragraph = [] }
            guard !paragraph.isEmpty else { return }
            if paragraph.allSatisfy({ DisplayWidth.of($0) <= width }) {
                lines += paragraph.map(String.init)
                return
            }
            let words = [paragraph[0].dropFirst(lead.count)] + paragraph.dropFirst().map { $0.drop { $0 == " " } }
            lines += wrap(words.joined(separator: " "), width: width, indent: hanging, first: lead)
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.contains(where: { $0 != " " }) else {
                flush()
                lines.append("")
                continue
            }
            let spaces = line.prefix { $0 == " " }
            let marker = listMarker(line.dropFirst(spaces.count))
            if paragraph.isEmpty || marker != nil || spaces.count != hanging.count {
                flush()
                lead = String(spaces) + (marker ?? "")
                hanging = String(repeating: " ", count: DisplayWidth.of(lead))
            }
            paragraph.append(line)
        }
        flush()
        return lines
    }

    // The list marker `text` starts with, its space included: `- `, `* `, `• ` or a number and
    // a dot.
    private static func listMarker(_ text: Substring) -> String? {
        for marker in ["- ", "* ", "• "] where text.hasPrefix(marker) { return marker }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return digits + ". "
    }

    /// `text` cut in one pass into pieces of at most `first` columns, then `rest` columns each
    /// (a character wider than the limit gets a piece of its own).
    static func pieces(_ text: some StringProtocol, first: Int, rest: Int) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var width = 0
        var limit = max(1, first)
        var index = text.startIndex
        while index < text.endIndex {
            let w = DisplayWidth.of(text[index])
            if width + w > limit, index > start {
                pieces.append(Substring(text[start..<index]))
                start = index
                width = 0
                limit = max(1, rest)
            }
            width += w
            index = text.index(after: index)
        }
        if start < text.endIndex { pieces.append(Substring(text[start...])) }
        return pieces
    }
}
