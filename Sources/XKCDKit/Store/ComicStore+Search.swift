import Foundation
import GRDB

extension ComicStore {
    /// The search index's merge setting, as SQL: FTS5 merges the segments on a level once it
    /// holds eight (its default is four). Every commit writes a segment, and merging in fours
    /// took a sync's writer about a fifth of its time.
    package static let searchIndexMerging = "INSERT INTO comic_fts(comic_fts, rank) VALUES('automerge', 8)"

    /// The search index: a comic's title, alt text, transcript (xkcd's own where it is the
    /// comic's, else explainxkcd's) and explanation, by comic number.
    static let searchIndexTable = """
        CREATE VIRTUAL TABLE comic_fts USING fts5(
            title, alt, transcript, explanation, tokenize = 'unicode61 remove_diacritics 2')
        """

    /// Runs an FTS5 `expression` (see ``SearchQuery``) over titles, alt texts, transcripts and
    /// explanations, best first (bm25, title weighted highest and explanation lowest); returns
    /// up to `limit` hits and whether more comics match. Ranking reads no text: the excerpt is
    /// made afterwards, for the hits returned only, from the first field that holds a match.
    public func search(_ expression: String, limit: Int) throws -> (hits: [SearchHit], more: Bool) {
        try read { db in
            let weights = SearchField.allCases.map { String($0.weight) }.joined(separator: ", ")
            let ranked = try Int.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT rowid FROM comic_fts WHERE comic_fts MATCH ?
                        ORDER BY bm25(comic_fts, \(weights)), rowid LIMIT ?
                        """),
                arguments: [expression, limit + 1])
            let excerpt = try db.cachedStatement(
                sql: """
                    SELECT title, snippet(comic_fts, ?, ?, ?, '…', 16) AS excerpt
                    FROM comic_fts WHERE comic_fts MATCH ? AND rowid = ?
                    """)
            let hits = try ranked.prefix(limit).map { num in
                try Self.hit(num, expression: expression, statement: excerpt)
            }
            return (hits, ranked.count > limit)
        }
    }

    // The hit for comic `num`: its excerpt from the first field, in rank order, where a
    // highlighted match shows (a match spread over fields highlights in each of them).
    private static func hit(_ num: Int, expression: String, statement: Statement) throws -> SearchHit {
        var first: SearchHit?
        for field in SearchField.allCases {
            guard
                let row = try Row.fetchOne(
                    statement,
                    arguments: [
                        field.column, String(SearchHit.highlightStart), String(SearchHit.highlightEnd), expression, num,
                    ])
            else { break }
            let excerpt: String = row["excerpt"]
            let hit = SearchHit(num: num, title: row["title"], snippet: flat(excerpt), matched: field)
            if excerpt.unicodeScalars.contains(SearchHit.highlightStart.unicodeScalars.first!) { return hit }
            if first == nil { first = hit }
        }
        return first ?? SearchHit(num: num, title: "", snippet: "")
    }

    // Transcripts and explanations span lines; an excerpt reads as one.
    private static func flat(_ excerpt: String) -> String {
        excerpt.utf8.contains(0x0A)
            ? String(decoding: excerpt.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) : excerpt
    }

    /// Indexes `documents` for search with their stored explanations, replacing older entries,
    /// a statement per row. FTS5 keeps a transaction's terms in memory and writes them as one
    /// segment at the commit (or past a megabyte), unless a row number goes down: then it
    /// writes what it has at once. Rows go in ascending order, and callers writing several
    /// batches in one transaction order them too.
    static func index(_ documents: [SearchDocument], in db: Database) throws {
        let insert = RowBinder(
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO comic_fts(rowid, title, alt, transcript, explanation)
                    VALUES (?, ?, ?, ?, ?)
                    """), in: db)
        let explained = try db.cachedStatement(
            sql: "SELECT explanation_text, transcript_text FROM explanation WHERE num = ?")
        for document in documents.sorted(by: { $0.num < $1.num }) {
            let explanation = try Row.fetchOne(explained, arguments: [document.num])
            let communityTranscript: String = explanation?["transcript_text"] ?? ""
            insert.bind(1, document.num)
            insert.bind(2, document.title)
            insert.bind(3, document.alt)
            insert.bind(
                4, document.transcript.isEmpty ? SearchDocument.clean(communityTranscript) : document.transcript)
            insert.bind(5, SearchDocument.clean(explanation?["explanation_text"] ?? ""))
            try insert.step()
        }
    }
}
