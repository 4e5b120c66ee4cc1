import GRDB

/// The `comic` table's row: a stored ``Comic``.
struct ComicRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "comic"

    enum Columns {
        static let num = Column(CodingKeys.num)
        static let safeTitle = Column(CodingKeys.safeTitle)
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

    enum CodingKeys: String, CodingKey {
        case num, title, alt, img, link, news, transcript, year, month, day
        case safeTitle = "safe_title"
        case fetchedAt = "fetched_at"
    }

    init(_ comic: Comic, fetchedAt: Double) {
        num = comic.num
        title = comic.title
        safeTitle = comic.safeTitle
        alt = comic.alt
        img = comic.img
        link = comic.link
        news = comic.news
        transcript = comic.transcript
        year = comic.year
        month = comic.month
        day = comic.day
        self.fetchedAt = fetchedAt
    }

    var comic: Comic {
        Comic(num: num, title: title, safeTitle: safeTitle, alt: alt, img: img, link: link,
              news: news, transcript: transcript, year: year, month: month, day: day)
    }
}
