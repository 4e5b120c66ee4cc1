/// A field of the search index, in rank order: a match in the title counts most, one in the
/// explanation least.
package enum SearchField: String, Sendable, CaseIterable {
    /// The comic's title.
    case title
    /// Its alt (title) text.
    case alt
    /// Its transcript: xkcd's own, or explainxkcd's community transcript.
    case transcript
    /// Its explainxkcd explanation.
    case explanation

    /// Its column in the index.
    var column: Int {
        switch self {
        case .title: 0
        case .alt: 1
        case .transcript: 2
        case .explanation: 3
        }
    }

    /// How much a match in it weighs in the ranking (bm25).
    var weight: Double {
        switch self {
        case .title: 10
        case .alt: 3
        case .transcript: 1.5
        case .explanation: 1
        }
    }
}
