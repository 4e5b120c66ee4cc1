/// Word-wraps plain text to a column width, measuring display width; words longer than a
/// line are broken so nothing overflows.
public enum TextWrapper {
    /// The lines of `text` wrapped to `width` columns, each prefixed by `indent`.
    public static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        let available = max(10, width - DisplayWidth.of(indent))
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth > available {
                    lines.append(indent + line)
                    line = ""
                    lineWidth = 0
                }
                if wordWidth > available {
                    // Wider than a line: whole lines of it, and the rest goes on as the word.
                    var parts = pieces(word, first: available, rest: available)
                    word = parts.removeLast()
                    wordWidth = DisplayWidth.of(word)
                    lines += parts.map { indent + $0 }
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            }
            lines.append(indent + line)
        }
        return lines.map { $0.allSatisfy({ $0 == " " }) ? "" : $0 }
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
