extension DisplayWidth {
    /// `text` with spaces after it up to `columns`; as it is when it is that wide already.
    static func padded(_ text: String, to columns: Int) -> String {
        let width = of(text)
        return width >= columns ? text : text + String(repeating: " ", count: columns - width)
    }

    /// `text` cut to `columns` with an ellipsis when it is wider; as it is otherwise, or when
    /// there is no room for more than the ellipsis.
    static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns, columns > 1 else { return text }
        var out = ""
        var width = 0
        for character in text {
            let characterWidth = of(character)
            if width + characterWidth > columns - 1 { break }
            out.append(character)
            width += characterWidth
        }
        return out + "…"
    }
}
