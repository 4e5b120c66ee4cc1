/// A help screen's table of terms (usages, options) and what each does, fitted to a width: the
/// text beside the terms from `column` on where that leaves it room, under a term too long to
/// share its line; on a narrow terminal each text on lines of its own under its term.
struct HelpTable {
    /// The rows: a term and what it does.
    var rows: [(term: String, text: String)]
    /// Columns before each term.
    var indent = 2
    /// Where the text starts beside the terms.
    var column: Int

    /// The fewest columns the text gets beside the terms; with fewer, each goes under its term.
    static let narrowest = 24

    /// The table's lines for `width` columns, the terms in bold.
    func lines(width: Int, style: Style) -> [String] {
        let beside = width - column >= Self.narrowest
        // Under its term, a text leaves half a narrow line to its words at least.
        let textIndent = String(repeating: " ", count: beside ? column : min(indent + 4, width / 2))
        var lines: [String] = []
        for (term, text) in rows {
            let wrapped = TextWrapper.wrap(text, width: width, indent: textIndent)
            let termWidth = DisplayWidth.of(term)
            if beside, indent + termWidth + 2 <= column {
                let start = String(repeating: " ", count: indent) + style.bold(term)
                lines.append(
                    start + String(repeating: " ", count: column - indent - termWidth) + wrapped[0].dropFirst(column))
                lines += wrapped.dropFirst()
            } else {
                let spaces = String(repeating: " ", count: indent)
                lines += Self.usage(term, width: width, first: spaces, indent: spaces + "  ").map {
                    let spaces = $0.prefix { $0 == " " }
                    return spaces + style.bold(String($0.dropFirst(spaces.count)))
                }
                lines += wrapped
            }
        }
        return lines
    }

    /// A usage (`share [N] [--to ADDR]`) wrapped to `width` after `first`, later lines after
    /// `indent`; an option group in brackets is kept on one line where it fits one.
    static func usage(_ usage: String, width: Int, first: String, indent: String) -> [String] {
        let room = width - DisplayWidth.of(indent)
        // Spaces inside brackets become no-break spaces, which the wrapper does not break at.
        var depth = 0
        var glued = ""
        for character in usage {
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            glued.append(depth > 0 && character == " " ? Self.noBreakSpace : character)
        }
        let words = glued.split(separator: " ").map { word in
            DisplayWidth.of(word) <= room ? String(word) : String(word.map { $0 == Self.noBreakSpace ? " " : $0 })
        }
        return TextWrapper.wrap(words.joined(separator: " "), width: width, indent: indent, first: first).map {
            String($0.map { $0 == Self.noBreakSpace ? " " : $0 })
        }
    }

    private static let noBreakSpace: Character = "\u{A0}"
}
