#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ComicStore {
    /// The comics whose explainxkcd page the wiki did not have when last asked, and when.
    static let explanationAbsentTable = """
        CREATE TABLE "explanation_absent" ("num" INTEGER PRIMARY KEY CHECK ("num" > 0), "checked_at" DOUBLE NOT NULL)
        """

    /// Records that the wiki had no page for any of `numbers` at `date`.
    func markExplanationsAbsent(_ numbers: [Int], at date: Date) throws {
        guard !numbers.isEmpty else { return }
        try write { db in
            let record = try db.cached(
                """
                INSERT INTO explanation_absent(num, checked_at) VALUES (?, ?)
                ON CONFLICT(num) DO UPDATE SET checked_at = excluded.checked_at
                """)
            for num in numbers { try record.execute([num, date.timeIntervalSince1970]) }
        }
    }

    /// When the wiki last had no page for each comic it lacked one for (and has not served since).
    func explanationAbsences() throws -> [Int: Date] {
        try read { db in
            var absences: [Int: Date] = [:]
            try db.prepare("SELECT num, checked_at FROM explanation_absent").forEachRow { row in
                absences[row["num"]] = Date(timeIntervalSince1970: row["checked_at"])
            }
            return absences
        }
    }

    /// The stored explanation of comic `num`, if any.
    func explanation(_ num: Int) throws -> StoredExplanation? {
        try read { db in
            try db.firstRow(
                "SELECT title, wikitext(wikitext) AS wikitext, fetched_at FROM explanation WHERE num = ?", [num]
            ) { row in
                StoredExplanation(
                    page: ExplainPage(num: num, title: row["title"], wikitext: row["wikitext"]),
                    fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
            }
        }
    }

    /// Whether an explanation of comic `num` is stored.
    func hasExplanation(_ num: Int) throws -> Bool {
        try read { db in
            try db.value("SELECT EXISTS(SELECT 1 FROM explanation WHERE num = ?)", [num], as: Bool.self) ?? false
        }
    }

    /// Stores (or replaces) an explanation, and indexes it for search with its comic.
    func saveExplanation(_ page: ExplainPage, at date: Date) throws {
        try saveExplanations([(page, ExplanationText(wikitext: page.wikitext))], at: date)
    }

    /// Stores (or replaces) explanations with their text, in one transaction, and indexes
    /// each for search with its comic where the comic is stored.
    func saveExplanations(_ pages: [(page: ExplainPage, text: ExplanationText)], at date: Date) throws {
        guard !pages.isEmpty else { return }
        try write { db in
            // The index first: a comic's old entry is removed with the stored explanation's text.
            let comics = try db.rows(
                "SELECT * FROM comic WHERE num IN (SELECT value FROM json_each(?))",
                [Self.jsonArray(pages.map(\.page.num))], ComicRecord.comic)
            let texts = Dictionary(pages.map { ($0.page.num, $0.text) }, uniquingKeysWith: { _, last in last })
            try Self.index(comics.map { SearchDocument($0).explained(by: texts[$0.num]) }, in: db)
            let upsert = try db.cached(
                """
                INSERT INTO explanation(num, title, wikitext, fetched_at, incomplete) VALUES (?, ?, pack_wikitext(?), ?, ?)
                ON CONFLICT(num) DO UPDATE SET title = excluded.title, wikitext = excluded.wikitext,
                    fetched_at = excluded.fetched_at, incomplete = excluded.incomplete
                """)
            let present = try db.cached("DELETE FROM explanation_absent WHERE num = ?")
            for (page, text) in pages {
                try upsert.execute([page.num, page.title, page.wikitext, date.timeIntervalSince1970, text.incomplete])
                try present.execute([page.num])
            }
        }
    }

    /// When each stored explanation was fetched, and whether it was marked incomplete then.
    func explanationAges() throws -> [Int: (fetchedAt: Date, incomplete: Bool)] {
        try read { db in
            var ages: [Int: (fetchedAt: Date, incomplete: Bool)] = [:]
            try db.prepare("SELECT num, fetched_at, incomplete FROM explanation").forEachRow { row in
                ages[row["num"]] = (Date(timeIntervalSince1970: row["fetched_at"]), row["incomplete"])
            }
            return ages
        }
    }

    /// How many explanations are stored, and the bytes their packed pages take.
    func explanationTotals() throws -> (count: Int, bytes: Int) {
        try read { db in
            try db.firstRow(
                "SELECT COUNT(*) AS count, COALESCE(SUM(LENGTH(CAST(wikitext AS BLOB))), 0) AS bytes FROM explanation"
            ) { row in (count: row["count"] as Int, bytes: row["bytes"] as Int) } ?? (0, 0)
        }
    }

    /// Marks the stored explanations that are incomplete and builds the search index again
    /// (after explanations were copied in as they were stored).
    func indexCopiedExplanations() throws {
        try write { db in
            try db.execute(Self.markIncomplete)
            try Self.rebuildIndex(in: db)
        }
    }

    /// Sets `incomplete` on every stored explanation as ``ExplanationText`` reads it.
    static let markIncomplete =
        "UPDATE explanation SET incomplete = instr(lower(wikitext(wikitext)), '{{incomplete') > 0"

    /// `documents` with the explanations stored for their comics.
    static func explained(_ documents: [SearchDocument], in db: SQLiteConnection) throws -> [SearchDocument] {
        let stored = try db.cached("SELECT wikitext(wikitext) FROM explanation WHERE num = ?")
        return try documents.map { document in
            try document.explained(by: stored.value([document.num], as: String.self).map(ExplanationText.init))
        }
    }
}

/// An explainxkcd page as stored, with when it was fetched.
struct StoredExplanation: Sendable, Equatable {
    var page: ExplainPage
    /// When it was fetched.
    var fetchedAt: Date
}
