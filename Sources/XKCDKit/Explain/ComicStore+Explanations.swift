import Foundation
import GRDB

extension ComicStore {
    /// The stored explanation of comic `num`, if any.
    public func explanation(_ num: Int) throws -> StoredExplanation? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT title, wikitext, fetched_at FROM explanation WHERE num = ?",
                    arguments: [num])
            else { return nil }
            return StoredExplanation(
                page: ExplainPage(num: num, title: row["title"], wikitext: row["wikitext"]),
                fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
        }
    }

    /// Whether an explanation of comic `num` is stored.
    public func hasExplanation(_ num: Int) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM explanation WHERE num = ?)", arguments: [num])
                ?? false
        }
    }

    /// Stores (or replaces) an explanation, and indexes it for search with its comic.
    public func saveExplanation(_ page: ExplainPage, at date: Date) throws {
        try saveExplanations([(page, ExplanationText(wikitext: page.wikitext))], at: date)
    }

    /// Stores (or replaces) explanations with their text, in one transaction, and indexes
    /// each for search with its comic where the comic is stored.
    public func saveExplanations(_ pages: [(page: ExplainPage, text: ExplanationText)], at date: Date) throws {
        guard !pages.isEmpty else { return }
        try write { db in
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO explanation(num, title, wikitext, fetched_at, explanation_text, transcript_text, incomplete)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(num) DO UPDATE SET title = excluded.title, wikitext = excluded.wikitext,
                        fetched_at = excluded.fetched_at, explanation_text = excluded.explanation_text,
                        transcript_text = excluded.transcript_text, incomplete = excluded.incomplete
                    """)
            for (page, text) in pages {
                try upsert.execute(arguments: [
                    page.num, page.title, page.wikitext, date.timeIntervalSince1970, text.explanation,
                    text.transcript, text.incomplete,
                ])
            }
            try Self.reindex(pages.map(\.page.num), in: db)
        }
    }

    /// When each stored explanation was fetched, and whether it was marked incomplete then.
    public func explanationAges() throws -> [Int: (fetchedAt: Date, incomplete: Bool)] {
        try read { db in
            var ages: [Int: (fetchedAt: Date, incomplete: Bool)] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT num, fetched_at, incomplete FROM explanation")
            while let row = try rows.next() {
                ages[row["num"]] = (Date(timeIntervalSince1970: row["fetched_at"]), row["incomplete"])
            }
            return ages
        }
    }

    /// How many explanations are stored, and their pages' size in bytes.
    public func explanationTotals() throws -> (count: Int, bytes: Int) {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT COUNT(*) AS count, COALESCE(SUM(LENGTH(CAST(wikitext AS BLOB))), 0) AS bytes FROM explanation"
            )
            return (row?["count"] ?? 0, row?["bytes"] ?? 0)
        }
    }

    /// Derives the search text of every stored explanation again and re-indexes their comics
    /// (after explanations were copied in without it).
    public func rederiveExplanationText() throws {
        try write { db in
            try Self.deriveExplanationText(in: db)
            try Self.reindex(try Int.fetchAll(db, sql: "SELECT num FROM explanation"), in: db)
        }
    }

    /// Fills the search text columns of every stored explanation from its wikitext.
    static func deriveExplanationText(in db: Database) throws {
        let pages = try Row.fetchAll(db, sql: "SELECT num, wikitext FROM explanation")
        let update = try db.cachedStatement(
            sql: "UPDATE explanation SET explanation_text = ?, transcript_text = ?, incomplete = ? WHERE num = ?")
        for row in pages {
            let text = ExplanationText(wikitext: row["wikitext"])
            try update.execute(arguments: [text.explanation, text.transcript, text.incomplete, row["num"] as Int])
        }
    }

    // Indexes the stored comics among `numbers` again, with their explanations.
    private static func reindex(_ numbers: [Int], in db: Database) throws {
        let records = try ComicRecord.filter(numbers.contains(ComicRecord.Columns.num)).fetchAll(db)
        try index(records.map { SearchDocument($0.comic) }, in: db)
    }
}
