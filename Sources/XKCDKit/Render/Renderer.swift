/// Turns outcomes into what is printed on stdout: human text, or one JSON document.
public struct Renderer: Sendable {
    /// Terminal width in columns.
    public var width: Int
    /// Colour and bold.
    public var style: Style
    /// JSON instead of human text.
    public var json: Bool
    /// Whether the terminal shows OSC 8 hyperlinks.
    public var hyperlinks = false
    /// What the terminal draws images with; nil: ASCII shading at `width`.
    public var imageFacts: TerminalFacts?
    /// Whether the program's own sentences (reports, notes, headings of lists) are wrapped to
    /// `width`: on a terminal; a pipe gets one line a sentence, for grep. Help is always fitted.
    public var wrapsMessages = false

    /// Creates a renderer.
    public init(width: Int, color: Bool, json: Bool) {
        self.width = max(20, width)
        style = Style(enabled: color && !json)
        self.json = json
    }

    /// The text for `outcome`, ending with a newline, or empty when there is nothing to print.
    public func render(_ outcome: Outcome) -> String {
        json ? JSONRenderer.render(outcome) : text.render(outcome)
    }

    /// The one-line notice for new comics: `2 new comics since your last visit: #2664 …, #2665 …`,
    /// naming the first five and counting the rest.
    public func newComicsNotice(_ report: NewComics, since: String) -> String {
        text.newComicsNotice(report, since: since)
    }

    /// The question `cache clear` asks on a terminal before it deletes anything: what would go.
    public func clearQuestion(_ stats: CacheStats) -> String {
        text.clearQuestion(stats)
    }

    /// The JSON document for a comic.
    public static func json(_ comic: DisplayComic) -> JSONValue {
        JSONRenderer.comic(comic)
    }

    private var text: TextRenderer {
        TextRenderer(
            width: width, style: style, hyperlinks: hyperlinks, imageFacts: imageFacts, wrapsMessages: wrapsMessages)
    }
}
