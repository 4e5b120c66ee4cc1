#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One comic exactly as the xkcd API describes it (raw server text, validated shape).
public struct Comic: Sendable, Equatable, Codable {
    /// The comic's number, 1 and up.
    public var num: Int
    /// The title as served; may hold HTML markup and entities.
    public var title: String
    /// The title with markup removed by the server (sometimes lossy).
    public var safeTitle: String
    /// The alt (title) text.
    public var alt: String
    /// The image URL; ends in `/` for interactive comics.
    public var img: String
    /// An external link, often empty.
    public var link: String
    /// HTML news shown under the comic, often empty.
    public var news: String
    /// The transcript, empty for most recent comics.
    public var transcript: String
    /// Publication year.
    public var year: Int
    /// Publication month, 1–12.
    public var month: Int
    /// Publication day, 1–31.
    public var day: Int
    /// Whether the answer carried `extra_parts` (the comic is an interactive page); nil for a
    /// comic stored before that was recorded.
    public var extraParts: Bool?

    /// Creates a comic from its fields.
    public init(
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
    public var isoDate: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : String(month)
        let d = day < 10 ? "0\(day)" : String(day)
        return "\(y)-\(m)-\(d)"
    }

    /// The comic's page on xkcd.com.
    public var pageURL: String { Self.pageURL(of: num) }

    /// The page of comic `num` on xkcd.com.
    public static func pageURL(of num: Int) -> String { "https://xkcd.com/\(num)/" }

    /// Interactive comics are their web page: the answer carries `extra_parts`, or `img` is a
    /// bare folder (or empty). Their image, where there is one, is only a still.
    public var isInteractive: Bool {
        !hasImage || extraParts == true
    }

    /// Whether `img` names an image file (not a bare folder, not empty).
    public var hasImage: Bool {
        !img.isEmpty && !img.hasSuffix("/")
    }
}
