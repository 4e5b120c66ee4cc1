import Foundation
import GRDB

/// One search result.
public struct SearchHit: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title.
    public var title: String
    /// A short excerpt; matched words are between ``SearchHit/highlightStart`` and ``SearchHit/highlightEnd``.
    public var snippet: String

    /// Marks the start of a matched word in ``snippet``.
    public static let highlightStart: Character = "\u{E000}"
    /// Marks the end of a matched word in ``snippet``.
    public static let highlightEnd: Character = "\u{E001}"

    /// Creates a hit.
    public init(num: Int, title: String, snippet: String) {
        self.num = num
        self.title = title
        self.snippet = snippet
    }
}

extension ComicStore {
    /// Runs an FTS5 `expression` (see ``SearchQuery``) over titles, alt texts and
    /// transcripts, best first (bm25, title weighted highest); returns up to `limit` hits and
    /// whether more comics match.
    public func search(_ expression: String, limit: Int) throws -> (hits: [SearchHit], more: Bool) {
        try read { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT rowid, title, snippet(comic_fts, -1, ?, ?, '…', 16) AS excerpt
                FROM comic_fts WHERE comic_fts MATCH ?
                ORDER BY bm25(comic_fts, 10.0, 3.0, 1.0), rowid LIMIT ?
                """), arguments: [String(SearchHit.highlightStart), String(SearchHit.highlightEnd), expression, limit + 1])
            let hits = rows.map { row in
                let excerpt: String = row["excerpt"]
                // Transcripts span lines; an excerpt reads as one.
                let flat = excerpt.utf8.contains(0x0A)
                    ? String(decoding: excerpt.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) : excerpt
                return SearchHit(num: row["rowid"], title: row["title"], snippet: flat)
            }
            return (Array(hits.prefix(limit)), hits.count > limit)
        }
    }

    /// Indexes `documents` for search, replacing older entries. The rows go to FTS5 in one
    /// INSERT … SELECT, which costs FTS5 less than a statement per row.
    static func index(_ documents: [SearchDocument], in db: Database) throws {
        guard !documents.isEmpty else { return }
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS pending_fts(num INTEGER PRIMARY KEY, title, alt, transcript)")
        let stage = RowBinder(try db.cachedStatement(sql: "INSERT OR REPLACE INTO temp.pending_fts(num, title, alt, transcript) VALUES (?, ?, ?, ?)"), in: db)
        for document in documents {
            stage.bind(1, document.num)
            stage.bind(2, document.title)
            stage.bind(3, document.alt)
            stage.bind(4, document.transcript)
            try stage.step()
        }
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO comic_fts(rowid, title, alt, transcript) SELECT num, title, alt, transcript FROM temp.pending_fts
            """).execute()
        try db.cachedStatement(sql: "DELETE FROM temp.pending_fts").execute()
    }
}
