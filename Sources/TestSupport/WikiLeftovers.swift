/// The MediaWiki markup that text made from a wiki page must no longer hold: what a reader of
/// `explain` or `transcript` would see as the page's source rather than its words.
package enum WikiLeftovers {
    /// The pieces of markup `text` holds, each named once, in a fixed order: `{{`, `}}`, `[[`,
    /// `]]`, `<ref`, `'''`, `==heading`, `{|`, `|}`, `&nbsp;`, `__MAGIC__`, `[http`.
    /// A footnote mark the layout writes (`[3]`) counts as no bracket: `[label[3]]`, a link's
    /// label and the `]` after it in the page's text, is no `]]` of the page's source.
    package static func markup(in text: String) -> [String] {
        var found: [String] = []
        let unmarked = withoutFootnoteMarks(text)
        for piece in ["{{", "}}", "[[", "]]", "<ref", "'''"] {
            let bracket = piece.hasPrefix("[") || piece.hasPrefix("]")
            if (bracket ? unmarked : text).contains(piece) { found.append(piece) }
        }
        if text.split(separator: "\n").contains(where: isHeading) { found.append("==heading") }
        for piece in ["{|", "|}", "&nbsp;"] where text.contains(piece) {
            found.append(piece)
        }
        if holdsMagicWord(text) { found.append("__MAGIC__") }
        if text.contains("[http") { found.append("[http") }
        return found
    }

    /// The stretch of `text` around the first occurrence of `piece` (as ``markup(in:)`` names
    /// it), for a failure message.
    package static func context(of piece: String, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line: Substring?
        switch piece {
        case "==heading": line = lines.first(where: isHeading)
        case "__MAGIC__": line = lines.first { holdsMagicWord(String($0)) }
        default: line = lines.first { $0.contains(piece) }
        }
        return String((line ?? "").prefix(160))
    }

    // `text` without `[N]` footnote marks.
    private static func withoutFootnoteMarks(_ text: String) -> String {
        guard text.contains("[") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let digits = rest[rest.index(after: open)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.endIndex < rest.endIndex, rest[digits.endIndex] == "]" {
                rest = rest[rest.index(after: digits.endIndex)...]
            } else {
                out.append("[")
                rest = rest[rest.index(after: open)...]
            }
        }
        return out + rest
    }

    // A line that is a heading's source: `=`s, text, `=`s (MediaWiki's `==`, at least two).
    private static func isHeading(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let text = String(trimmed)
        return text.count > 4 && text.hasPrefix("==") && text.hasSuffix("==")
    }

    // `__NOTOC__`, `__TOC__`, `__NOEDITSECTION__`: two underscores, capital letters, two underscores.
    private static func holdsMagicWord(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "_"), bytes[i + 1] == UInt8(ascii: "_") else {
                i += 1
                continue
            }
            var j = i + 2
            while j < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[j]) { j += 1 }
            if j > i + 2, j + 1 < bytes.count, bytes[j] == UInt8(ascii: "_"), bytes[j + 1] == UInt8(ascii: "_") {
                return true
            }
            i = max(i + 1, j)
        }
        return false
    }
}
