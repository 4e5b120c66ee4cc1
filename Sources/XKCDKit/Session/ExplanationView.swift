/// An explanation to show.
package struct ExplanationView: Sendable, Equatable {
    /// The comic.
    package var num: Int
    /// The comic's display title.
    package var title: String
    /// The explainxkcd page title, e.g. `353: Python`.
    package var pageTitle: String
    /// The page's address on the wiki.
    package var url: String
    /// The rendered section (or whole page).
    package var document: WikiDocument
    /// Whether this is the whole page.
    package var wholePage: Bool
    /// The page's mark that its explanation is unfinished, if it has one.
    package var incomplete: IncompleteNotice?
}
