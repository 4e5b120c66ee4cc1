import Foundation
import GRDB

extension ComicStore {
    /// The search index's merge setting, as SQL: FTS5 merges the segments on a level once it
    /// holds eight (its default is four). Every commit writes a segment, and merging in fours
    /// took a sync's writer about a fifth of its time.
    package static let searchIndexMerging = "INSERT INTO comic_fts(comic_fts, rank) VALUES('automerge', 8)"

    /// Runs an FTS5 `expression` (see ``SearchQuery``) over titles, alt texts and
    /// transcripts, best first (bm25, title weighted highest); returns up to `limit` hits and
    /// whether more comics match.
    public func search(_ expression: String, limit: Int) throws -> (hits: [SearchHit], more: Bool) {
        try read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT rowid, title, snippet(comic_fts, -1, ?, ?, '…', 16) AS excerpt
                        FROM comic_fts WHERE comic_fts MATCH ?
                        ORDER BY bm25(comic_fts, 10.0, 3.0, 1.0), rowid LIMIT ?
                        """),
                arguments: [String(SearchHit.highlightStart), String(SearchHit.highlightEnd), expression, limit + 1])
            let hits = rows.map { row in
                let excerpt: String = row["excerpt"]
                // Transcripts span lines; an excerpt reads as one.
                let flat =
                    excerpt.utf8.contains(0x0A)
                    ? String(decoding: excerpt.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) : excerpt
                return SearchHit(num: row["rowid"], title: row["title"], snippet: flat)
            }
            return (Array(hits.prefix(limit)), hits.count > limit)
        }
    }

    /// Indexes `documents` for search, replacing older entries, a statement per row. FTS5 keeps
    /// a transaction's terms in memory and writes them as one segment at the commit (or past a
    /// megabyte), unless a row number goes down: then it writes what it has at once. Rows go in
    /// ascending order, and callers writing several batches in one transaction order them too.
    static func index(_ documents: [SearchDocument], in db: Database) throws {
        let insert = RowBinder(
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO comic_fts(rowid, title, alt, transcript) VALUES (?, ?, ?, ?)
                    """), in: db)
        for document in documents.sorted(by: { $0.num < $1.num }) {
            insert.bind(1, document.num)
            insert.bind(2, document.title)
            insert.bind(3, document.alt)
            insert.bind(4, document.transcript)
            try insert.step()
        }
    }
}
