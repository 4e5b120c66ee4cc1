/// One explainxkcd page: its title (`353: Python`) and MediaWiki source.
public struct ExplainPage: Sendable, Equatable {
    /// The comic.
    public var num: Int
    /// The page title, e.g. `353: Python`.
    public var title: String
    /// The page's MediaWiki source.
    public var wikitext: String

    /// Creates a page.
    public init(num: Int, title: String, wikitext: String) {
        self.num = num
        self.title = title
        self.wikitext = wikitext
    }
}
