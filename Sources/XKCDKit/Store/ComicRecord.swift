import GRDB

/// The `comic` table's row, read back as a ``Comic`` (rows are written by ``ComicStore/save(_:absent:at:)``).
struct ComicRecord: Decodable, FetchableRecord, TableRecord {
    static let databaseTableName = "comic"

    enum Columns {
        static let num = Column(CodingKeys.num)
    }

    var num: Int
    var title: String
    var safeTitle: String
    var alt: String
    var img: String
    var link: String
    var news: String
    var transcript: String
    var year: Int
    var month: Int
    var day: Int
    var fetchedAt: Double
    var extraParts: Bool?

    enum CodingKeys: String, CodingKey {
        case num, title, alt, img, link, news, transcript, year, month, day
        case safeTitle = "safe_title"
        case fetchedAt = "fetched_at"
        case extraParts = "extra_parts"
    }

    var comic: Comic {
        Comic(
            num: num, title: title, safeTitle: safeTitle, alt: alt, img: img, link: link,
            news: news, transcript: transcript, year: year, month: month, day: day, extraParts: extraParts)
    }
}
