/// An explanation to show.
public struct ExplanationView: Sendable, Equatable {
    /// The comic.
    public var num: Int
    /// The comic's display title.
    public var title: String
    /// The explainxkcd page title, e.g. `353: Python`.
    public var pageTitle: String
    /// The page's address on the wiki.
    public var url: String
    /// The rendered section (or whole page).
    public var document: WikiDocument
    /// Whether this is the whole page.
    public var wholePage: Bool
    /// The page's mark that its explanation is unfinished, if it has one.
    public var incomplete: IncompleteNotice?
}
