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
                while wordWidth > available {
                    let (head, tail) = split(word, at: available - lineWidth - (lineWidth > 0 ? 1 : 0))
                    if lineWidth > 0 { line += " " }
                    line += head
                    lines.append(indent + line)
                    line = ""
                    lineWidth = 0
                    word = tail
                    wordWidth = DisplayWidth.of(word)
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

    private static func split(_ word: Substring, at columns: Int) -> (Substring, Substring) {
        var width = 0
        var index = word.startIndex
        while index < word.endIndex {
            let w = DisplayWidth.of(word[index])
            if width + w > max(1, columns) { break }
            width += w
            index = word.index(after: index)
        }
        if index == word.startIndex { index = word.index(after: index) }
        return (word[..<index], word[index...])
    }
}
