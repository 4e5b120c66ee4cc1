#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One comic exactly as the xkcd API describes it (raw server text, validated shape).
package struct Comic: Sendable, Equatable {
    /// The comic's number, 1 and up.
    var num: Int
    /// The title as served; may hold HTML markup and entities.
    package var title: String
    /// The title with markup removed by the server (sometimes lossy).
    var safeTitle: String
    /// The alt (title) text.
    var alt: String
    /// The image URL; ends in `/` for interactive comics.
    var img: String
    /// An external link, often empty.
    var link: String
    /// HTML news shown under the comic, often empty.
    var news: String
    /// The transcript, empty for most recent comics.
    var transcript: String
    /// Publication year.
    var year: Int
    /// Publication month, 1–12.
    var month: Int
    /// Publication day, 1–31.
    var day: Int
    /// Whether the answer carried `extra_parts` (the comic is an interactive page); nil for a
    /// comic stored before that was recorded.
    var extraParts: Bool?

    /// Creates a comic from its fields.
    package init(
        num: Int, title: String, safeTitle: String, alt: String, img: String,
        link: String = "", news: String = "", transcript: String = "",
        year: Int, month: Int, day: Int, extraParts: Bool? = false
    ) {
        self.num = num
        self.title = title
        self.safeTitle = safeTitle
        self.alt = alt
        self.img = img
        self.link = link
        self.news = news
        self.transcript = transcript
        self.year = year
        self.month = month
        self.day = day
        self.extraParts = extraParts
    }

    /// The publication date as `YYYY-MM-DD`.
    var isoDate: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : String(month)
        let d = day < 10 ? "0\(day)" : String(day)
        return "\(y)-\(m)-\(d)"
    }

    /// The comic's page on xkcd.com.
    var pageURL: String { Self.pageURL(of: num) }

    /// The page of comic `num` on xkcd.com.
    static func pageURL(of num: Int) -> String { "https://xkcd.com/\(num)/" }

    /// Interactive comics are their web page: the answer carries `extra_parts`, or `img` is a
    /// bare folder (or empty). Their image, where there is one, is only a still.
    var isInteractive: Bool {
        !hasImage || extraParts == true
    }

    /// Whether `img` names an image file (not a bare folder, not empty).
    var hasImage: Bool {
        !img.isEmpty && !img.hasSuffix("/")
    }
}

/// A comic's text after the repair-and-sanitize step: safe to print as is.
package struct DisplayComic: Sendable, Equatable {
    /// The comic's number.
    var num: Int
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
    var pageURL: String
    /// Whether the comic is interactive: its web page is the comic.
    var isInteractive: Bool

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
