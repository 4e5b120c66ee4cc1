/// A comic's text after the repair-and-sanitize step: safe to print as is.
public struct DisplayComic: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// The title to show.
    public var title: String
    /// The alt text.
    public var alt: String
    /// The transcript (often empty).
    public var transcript: String
    /// The news below the comic, as plain text.
    public var news: String
    /// An external link (sanitized), often empty.
    public var link: String
    /// The image URL (sanitized); empty when there is none (an interactive comic's, when there is
    /// one, is a still).
    public var imageURL: String
    /// `YYYY-MM-DD`.
    public var date: String
    /// The comic's page on xkcd.com.
    public var pageURL: String
    /// Whether the comic is interactive: its web page is the comic.
    public var isInteractive: Bool

    /// Repairs and sanitizes every server string of `comic`.
    public init(_ comic: Comic) {
        num = comic.num
        title = TextRepair.displayTitle(title: comic.title, safeTitle: comic.safeTitle)
        alt = TextRepair.alt(comic.alt)
        transcript = TextRepair.text(comic.transcript)
        news = TextRepair.html(comic.news)
        link = Self.cleanURL(comic.link)
        isInteractive = comic.isInteractive
        imageURL = comic.hasImage ? Self.cleanURL(comic.img) : ""
        date = comic.isoDate
        pageURL = comic.pageURL
    }

    // A URL is printed only if it is a plain http(s) URL without spaces or controls.
    private static func cleanURL(_ raw: String) -> String {
        let text = TextRepair.line(raw)
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
            !text.utf8.contains(0x20)
        else { return "" }
        return text
    }
}
