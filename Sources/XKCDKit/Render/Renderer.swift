/// Turns outcomes into what is printed on stdout: human text, or one JSON document.
package struct Renderer: Sendable {
    /// Terminal width in columns.
    package var width: Int
    /// Colour and bold.
    package var style: Style
    /// JSON instead of human text.
    package var json: Bool
    /// Whether the terminal shows OSC 8 hyperlinks.
    package var hyperlinks = false
    /// Whether the program's own sentences (reports, notes, headings of lists) are wrapped to
    /// `width`: on a terminal; a pipe gets one line a sentence, for grep. Help is always fitted.
    package var wrapsMessages = false

    /// Creates a renderer.
    package init(width: Int, color: Bool, json: Bool) {
        self.width = max(20, width)
        style = Style(enabled: color && !json)
        self.json = json
    }

    /// The text for `outcome`, ending with a newline, or empty when there is nothing to print.
    package func render(_ outcome: Outcome) -> String {
        json ? JSONRenderer.render(outcome) : text.render(outcome)
    }

    /// The one-line notice for new comics: `2 new comics since your last visit: #2664 …, #2665 …`,
    /// naming the first five and counting the rest.
    package func newComicsNotice(_ report: NewComics, since: String) -> String {
        text.newComicsNotice(report, since: since)
    }

    /// The question `confirmation` asks, as a sentence.
    package func question(_ confirmation: Confirmation) -> String {
        switch confirmation.question {
        case let .clearCache(stats): text.clearQuestion(stats)
        }
    }

    private var text: TextRenderer {
        TextRenderer(
            width: width, style: style, hyperlinks: hyperlinks, wrapsMessages: wrapsMessages)
    }
}
