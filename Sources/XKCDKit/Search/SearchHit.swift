/// One search result.
package struct SearchHit: Sendable, Equatable {
    /// The comic's number.
    package var num: Int
    /// Its display title.
    package var title: String
    /// A short excerpt; matched words are between ``SearchHit/highlightStart`` and ``SearchHit/highlightEnd``.
    package var snippet: String

    /// Marks the start of a matched word in ``snippet``.
    package static let highlightStart: Character = "\u{E000}"
    /// Marks the end of a matched word in ``snippet``.
    package static let highlightEnd: Character = "\u{E001}"

    /// The field the excerpt comes from: the first, in rank order, that holds a match.
    package var matched: SearchField

    /// The words of the query the comic holds, in the query's order.
    package var terms: [String]

    /// Bit i set when the comic holds phrase i of the FTS5 expression it was found by (see
    /// ``SearchQuery/terms(of:held:)``).
    var heldPhrases: UInt64 = 0

    /// Creates a hit.
    package init(num: Int, title: String, snippet: String, matched: SearchField = .title, terms: [String] = []) {
        self.num = num
        self.title = title
        self.snippet = snippet
        self.matched = matched
        self.terms = terms
    }
}
