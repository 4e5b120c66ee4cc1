/// A comic's text after the repair-and-sanitize step: safe to print as is.
package struct DisplayComic: Sendable, Equatable {
    /// The comic's number.
    package var num: Int
    /// The title to show.
    package var title: String
    /// The alt text.
    package var alt: String
    /// The transcript (often empty).
    package var transcript: String
    /// The news below the comic, as plain text.
    package var news: String
    /// An external link (sanitized), often empty.
    package var link: String
    /// The image URL (sanitized); empty when there is none (an interactive comic's, when there is
    /// one, is a still).
    package var imageURL: String
    /// `YYYY-MM-DD`.
    package var date: String
    /// The comic's page on xkcd.com.
    package var pageURL: String
    /// Whether the comic is interactive: its web page is the comic.
    package var isInteractive: Bool

    /// Repairs and sanitizes every server string of `comic`.
    package init(_ comic: Comic) {
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
