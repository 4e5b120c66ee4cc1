/// Turns what a user typed into an FTS5 query that FTS5 always accepts: balanced
/// `"phrases"`, `prefix*` words and plain words; every other character (operators, stray
/// quotes, punctuation) only separates words, and every word is quoted so `AND`, `OR`,
/// `NOT` and `NEAR` are searched for literally.
public enum SearchQuery {
    /// The most terms a query keeps: FTS5's time grows faster than the number of terms, and a
    /// pasted megabyte of words would take minutes.
    public static let maxTerms = 64

    /// The FTS5 expression for `text` (its first ``maxTerms`` terms), or nil when it holds no
    /// word to search for.
    public static func ftsExpression(_ text: String) -> String? {
        var terms: [String] = []
        let scalars = Array(text.unicodeScalars)
        let closingQuotes = scalars.indices.filter { scalars[$0] == "\"" }
        var i = 0
        while i < scalars.count, terms.count < maxTerms {
            let c = scalars[i]
            if c == "\"", let end = closingQuotes.first(where: { $0 > i }) {
                let words = self.words(in: scalars[(i + 1)..<end])
                if !words.isEmpty { terms.append(quote(words.joined(separator: " "))) }
                i = end + 1
                continue
            }
            if isWordScalar(c) {
                var j = i
                while j < scalars.count, isWordScalar(scalars[j]) { j += 1 }
                var word = String.UnicodeScalarView()
                word.append(contentsOf: scalars[i..<j])
                let prefix = j < scalars.count && scalars[j] == "*"
                terms.append(quote(String(word)) + (prefix ? "*" : ""))
                i = prefix ? j + 1 : j
                continue
            }
            i += 1
        }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }

    private static func words(in scalars: ArraySlice<Unicode.Scalar>) -> [String] {
        var out: [String] = []
        var current = String.UnicodeScalarView()
        for c in scalars {
            if isWordScalar(c) {
                current.append(c)
            } else if !current.isEmpty {
                out.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { out.append(String(current)) }
        return out
    }

    // Letters, digits and marks make words, as FTS5's unicode61 tokenizer sees them.
    private static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        let p = c.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
            || p.generalCategory == .spacingMark
    }

    private static func quote(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
