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

    /// The search index's vocabulary, each term and how many comics hold it: a view over the
    /// index made for the connection that reads it, which stores nothing.
    static let searchVocabularyTable =
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.comic_fts_vocab USING fts5vocab(main, comic_fts, row)"

    /// For each of `words` (lower-case) that no comic holds, the indexed term closest to it
    /// (at most two edits away, starting with the same letter; of equals, the commonest).
    public func suggestions(for words: [String]) throws -> [String: String] {
        try read { db in
            try db.execute(sql: Self.searchVocabularyTable)
            var found: [String: String] = [:]
            let exists = try db.cachedStatement(sql: "SELECT 1 FROM comic_fts_vocab WHERE term = ?")
            let near = try db.cachedStatement(
                sql: """
                    SELECT term, doc FROM comic_fts_vocab
                    WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?
                    """)
            for word in Set(words) where word.count >= 3 && word.allSatisfy(\.isASCII) {
                guard try Int.fetchOne(exists, arguments: [word]) == nil, let first = word.unicodeScalars.first,
                    let next = Unicode.Scalar(first.value + 1)
                else { continue }
                var best: (term: String, distance: Int, doc: Int)?
                let rows = try Row.fetchCursor(
                    near, arguments: [String(first), String(next), word.count - 2, word.count + 2])
                while let row = try rows.next() {
                    let term: String = row["term"]
                    let doc: Int = row["doc"]
                    let distance = EditDistance.between(word, term)
                    guard distance <= 2 else { continue }
                    if let current = best, (current.distance, -current.doc) <= (distance, -doc) { continue }
                    best = (term, distance, doc)
                }
                if let best { found[word] = best.term }
            }
            return found
        }
    }

    /// Which of `words` (lower-case) each comic of `nums` holds, in the order of `words`.
    public func terms(_ words: [String], in nums: [Int]) throws -> [Int: [String]] {
        guard !nums.isEmpty else { return [:] }
        return try read { db in
            var found: [Int: [String]] = [:]
            let list = nums.map(String.init).joined(separator: ",")
            for word in words {
                let holding = try Int.fetchAll(
                    db, sql: "SELECT rowid FROM comic_fts WHERE comic_fts MATCH ? AND rowid IN (\(list))",
                    arguments: ["\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""])
                for num in holding where found[num]?.contains(word) != true { found[num, default: []].append(word) }
            }
            return found
        }
    }

    /// Runs an FTS5 `expression` (see ``SearchQuery``) over titles, alt texts, transcripts and
    /// explanations, best first (bm25, title weighted highest and explanation lowest); returns
    /// up to `limit` hits (nil: every one) and how many comics match in all. FTS5 ranks every
    /// match before SQLite reads a row (`ORDER BY rank`), so excerpts are made for the hits
    /// returned only, each from the first field, in rank order, that holds a match.
    public func search(_ expression: String, limit: Int?) throws -> (hits: [SearchHit], total: Int) {
        try read { db in
            let limit = limit ?? Int(Int32.max)
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: Self.searchSQL),
                arguments: [
                    String(SearchHit.highlightStart), String(SearchHit.highlightEnd), expression, Self.rankFunction,
                    limit + 1,
                ])
            // Equal ranks go in number order, whatever order FTS5 gave them in.
            let ordered = rows.sorted {
                (($0["rank"] as Double), ($0["rowid"] as Int)) < (($1["rank"] as Double), ($1["rowid"] as Int))
            }
            let hits = ordered.prefix(limit).map { row in
                let field = SearchField.allCases.first { $0.column == row["field"] as Int } ?? .title
                return SearchHit(
                    num: row["rowid"], title: row["title"], snippet: Self.flat(row["excerpt"]), matched: field)
            }
            guard rows.count > limit else { return (Array(hits), rows.count) }
            let total = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM comic_fts WHERE comic_fts MATCH ?"),
                arguments: [expression])
            return (Array(hits), total ?? rows.count)
        }
    }

    // bm25 with one field weighted and the others not is below zero only when that field
    // holds a match: the first such field, in rank order, is where the hit matched.
    private static let matchedField: String = {
        let fields = SearchField.allCases
        let cases = fields.dropLast().map { field in
            let weights = fields.map { $0 == field ? "1" : "0" }.joined(separator: ", ")
            return "WHEN bm25(comic_fts, \(weights)) < 0 THEN \(field.column)"
        }
        return "CASE \(cases.joined(separator: " ")) ELSE \(fields.last!.column) END"
    }()

    /// The ranking `search` asks FTS5 for: bm25 with each field's weight.
    package static let rankFunction =
        "bm25(\(SearchField.allCases.map { String($0.weight) }.joined(separator: ", ")))"

    /// The statement `search` runs: start and end marks, the FTS5 expression, the ranking, the
    /// number of rows.
    package static let searchSQL = """
        SELECT rowid, rank, title, \(matchedField) AS field, snippet(comic_fts, \(matchedField), ?, ?, '…', 16) AS excerpt
        FROM comic_fts WHERE comic_fts MATCH ? AND rank MATCH ? ORDER BY rank LIMIT ?
        """

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
