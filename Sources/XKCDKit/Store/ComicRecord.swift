/// The `comic` table's row, read back as a ``Comic`` (rows are written by ``ComicStore/save(_:absent:at:)``).
struct ComicRecord {
    var comic: Comic
    var fetchedAt: Double

    /// The row `row` is on, from a `SELECT *` of the table.
    init(row: SQLiteRow) {
        comic = Self.comic(row)
        fetchedAt = row["fetched_at"]
    }

    /// The comic of the row `row` is on, from a `SELECT *` of the table.
    static func comic(_ row: SQLiteRow) -> Comic {
        Comic(
            num: row["num"], title: row["title"], safeTitle: row["safe_title"], alt: row["alt"], img: row["img"],
            link: row["link"], news: row["news"], transcript: row["transcript"], year: row["year"],
            month: row["month"], day: row["day"], extraParts: row["extra_parts"])
    }
}
