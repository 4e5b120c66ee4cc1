/// What puts a comic's own title ahead of comics that only mention the query: a comic whose
/// title is the query (case, punctuation and articles aside) first, then, for a query of one or
/// two words (or phrases), every comic whose title holds them all, then the rest by relevance
/// (bm25 over the fields, the title weighing most).
package struct SearchRanking: Sendable, Equatable {
    /// The query's words as ``key(_:)`` gives them; nil unless the query is plain words.
    let typedTitle: [String]?
    /// The FTS5 expression for the comics whose title may be the query: those whose title
    /// holds its first two searched words (enough to make them few, and two doclists read
    /// rather than one for each word of a sentence); nil when ``typedTitle`` is.
    let titleExpression: String?
    /// Whether the query is one or two words or phrases, so that a comic whose title holds
    /// them all ranks above every comic holding them only in its text.
    let short: Bool

    /// Relevance alone, for an FTS5 expression that is not a query as typed.
    package static let relevance = SearchRanking(typedTitle: nil, titleExpression: nil, short: false)

    private init(typedTitle: [String]?, titleExpression: String?, short: Bool) {
        (self.typedTitle, self.titleExpression, self.short) = (typedTitle, titleExpression, short)
    }

    /// How far ahead of every relevance the rank puts a comic first for its title (see
    /// `xkcd_sqlite_add_search_functions`): a title typed whole is twice as far.
    static let titledTier = 1e6

    /// Articles, which a title typed from memory may add or drop.
    private static let articles: Set<String> = ["a", "an", "the"]

    /// The ranking for the query `text`.
    package init(_ text: String) {
        let tokens = SearchQuery.tokens(text)
        let searched = SearchQuery.words(of: tokens)
        short = (1...2).contains(SearchQuery.phrases(of: tokens).count)
        guard SearchQuery.isPlain(tokens), case let typed = Self.key(text), !searched.isEmpty, !typed.isEmpty else {
            (typedTitle, titleExpression) = (nil, nil)
            return
        }
        typedTitle = typed
        titleExpression = "title : (" + searched.prefix(2).map(SearchQuery.quote).joined(separator: " AND ") + ")"
    }

    /// The words of `title` that say which comic it is: case, accents and width folded, as the
    /// index splits them, without articles.
    static func key(_ title: String) -> [String] {
        SearchQuery.words(in: Array(TextFolding.fold(title).unicodeScalars)[...]).filter { !Self.articles.contains($0) }
    }

    /// Whether `title` is the query typed as a title.
    func isTyped(_ title: String) -> Bool {
        guard let typedTitle else { return false }
        return Self.key(title) == typedTitle
    }

    /// The rank FTS5 orders the hits by: `search_rank` (see `xkcd_sqlite_add_search_functions`)
    /// with each field's weight, and the comics among `exact` (those whose title is the query)
    /// first.
    func rankFunction(exact: [Int]) -> String {
        let weights = SearchField.allCases.map { String($0.weight) }
        return "search_rank(" + ([short ? "1" : "0"] + weights + exact.map(String.init)).joined(separator: ", ") + ")"
    }
}
