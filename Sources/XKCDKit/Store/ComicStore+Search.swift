import CSQLiteSetup

extension ComicStore {
    /// The search index's merge setting, as SQL: FTS5 merges the segments on a level once it
    /// holds eight (its default is four). Every commit writes a segment, and merging in fours
    /// took a sync's writer about a fifth of its time.
    package static let searchIndexMerging = "INSERT INTO comic_fts(comic_fts, rank) VALUES('automerge', 8)"

    /// The search index: a comic's title, alt text, transcript (xkcd's own where it is the
    /// comic's, else explainxkcd's) and explanation, by comic number. It holds no copy of the
    /// text: its content is the view `search_text`, read for excerpts and to remove an entry.
    static let searchIndexTable = """
        CREATE VIRTUAL TABLE comic_fts USING fts5(
            title, alt, transcript, explanation, content = 'search_text', content_rowid = 'num',
            tokenize = 'unicode61 remove_diacritics 2')
        """

    /// The text the search index holds, derived from each stored comic and its explanation by
    /// ``searchFunctions``, as ``SearchDocument`` derives it.
    static let searchTextView = """
        CREATE VIEW search_text(num, title, alt, transcript, explanation) AS
        SELECT comic.num, search_title(comic.title, comic.safe_title), search_alt(comic.alt),
            search_transcript(comic.transcript, comic.alt, wikitext(explanation.wikitext)),
            search_explanation(wikitext(explanation.wikitext))
        FROM comic LEFT JOIN explanation USING (num)
        """

    /// Adds what search needs to the connection `db`: the SQL functions of `search_text`
    /// (read whenever a search makes an excerpt), the FTS5 auxiliary functions of
    /// ``searchSQL``, and `wikitext` and `pack_wikitext`, which read and write the packed pages
    /// of explanations.
    package static func prepareSearch(_ db: SQLiteConnection) throws {
        try db.addFunction("search_title", argumentCount: 2) { values in
            .text(SearchDocument.title(values[0].text ?? "", safeTitle: values[1].text ?? ""))
        }
        try db.addFunction("search_alt", argumentCount: 1) { values in .text(SearchDocument.alt(values[0].text ?? "")) }
        try db.addFunction("search_transcript", argumentCount: 3) { values in
            .text(
                SearchDocument.transcript(values[0].text ?? "", alt: values[1].text ?? "", explanation: values[2].text))
        }
        try db.addFunction("search_explanation", argumentCount: 1) { values in
            .text(values[0].text.map(SearchDocument.explanation) ?? "")
        }
        for code in [xkcd_sqlite_add_search_functions(db.handle), xkcd_sqlite_add_wikitext_functions(db.handle)] {
            guard code == SQLITE_OK else { throw SQLiteError(extendedCode: code) }
        }
    }

    /// Runs an FTS5 `expression` (see ``SearchQuery``) over titles, alt texts, transcripts and
    /// explanations, best first as `ranking` says (a comic whose title is the query, then for a
    /// short query every comic whose title holds it, then bm25 with the title weighted highest
    /// and the explanation lowest); returns up to `limit` hits (nil: every one), each with the
    /// phrases of `expression` it holds, and how many comics match in all. FTS5 ranks every
    /// match from the index alone before SQLite reads a row (`ORDER BY rank`); only the hits
    /// returned read their text, derived from the stored comic and explanation, for their title
    /// and an excerpt of the first field, in rank order, that holds a match. Which titles are
    /// the query is decided first, among the few comics whose title may be (their stored titles).
    package func search(_ expression: String, ranking: SearchRanking, limit: Int?) throws -> (
        hits: [SearchHit], total: Int
    ) {
        try read { db in
            var exact: [Int] = []
            if let titled = ranking.titleExpression {
                try db.cached(Self.titledSQL).forEachRow([titled]) { row in
                    let title = TextRepair.displayTitle(title: row["title"], safeTitle: row["safe_title"])
                    if ranking.isTyped(title) { exact.append(row["num"]) }
                }
            }
            let limit = limit ?? Int(Int32.max)
            let rows = try db.cached(Self.searchSQL).rows([
                String(SearchHit.highlightStart), String(SearchHit.highlightEnd), expression,
                ranking.rankFunction(exact: exact), limit,
            ]) { row in
                var hit = SearchHit(
                    num: row["rowid"], title: row["title"], snippet: Self.flat(row["excerpt"]),
                    matched: SearchField.allCases.first { $0.column == row["field"] as Int? } ?? .title)
                hit.heldPhrases = UInt64(bitPattern: row["phrases"] as Int64)
                let rank: Double = row["rank"]
                hit.titled = rank <= -SearchRanking.titledTier
                return (rank: rank, hit: hit)
            }
            // Equal ranks go in number order, whatever order FTS5 gave them in.
            let hits = rows.sorted { ($0.rank, $0.hit.num) < ($1.rank, $1.hit.num) }.map(\.hit)
            guard rows.count == limit else { return (hits, rows.count) }
            let total = try db.cached("SELECT count(*) FROM comic_fts WHERE comic_fts MATCH ?").value(
                [expression], as: Int.self)
            return (hits, total ?? rows.count)
        }
    }

    /// The stored comics among `numbers` that `expression` matches.
    func matching(_ expression: String, among numbers: [Int]) throws -> Set<Int> {
        guard !numbers.isEmpty else { return [] }
        return try read { db in
            Set(
                try db.values(
                    """
                    SELECT rowid FROM comic_fts WHERE comic_fts MATCH ?
                        AND rowid IN (SELECT value FROM json_each(?))
                    """, [expression, Self.jsonArray(numbers)], as: Int.self))
        }
    }

    /// Hits for the stored comics `numbers` found by meaning alone, in that order: each one's
    /// title, and its alt text's opening as the excerpt.
    func meaningHits(_ numbers: [Int]) throws -> [SearchHit] {
        guard !numbers.isEmpty else { return [] }
        let found = try read { db in
            try db.rows(
                "SELECT num, title, alt FROM search_text WHERE num IN (SELECT value FROM json_each(?))",
                [Self.jsonArray(numbers)]
            ) { row in
                var hit = SearchHit(num: row["num"], title: row["title"], snippet: Self.opening(of: row["alt"]))
                hit.foundByWords = false
                return hit
            }
        }
        let byNumber = Dictionary(found.map { ($0.num, $0) }, uniquingKeysWith: { first, _ in first })
        return numbers.compactMap { byNumber[$0] }
    }

    // About as much of `text` as an FTS5 excerpt holds, ending at a word.
    private static func opening(of text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > 16 else { return flat(text) }
        return flat(words.prefix(16).joined(separator: " ")) + "…"
    }

    /// The stored titles of the comics that may be a query typed as a title (the FTS5 expression
    /// of ``SearchRanking/titleExpression``), a few dozen at most.
    static let titledSQL = """
        SELECT num, title, safe_title FROM comic
        WHERE num IN (SELECT rowid FROM comic_fts WHERE comic_fts MATCH ? LIMIT 64)
        """

    /// Relevance as bm25 with each field's weight, as FTS5's own function computes it: the
    /// order within a tier of ``SearchRanking``, and the whole of it for a reader without
    /// `search_rank`.
    package static let relevance =
        "bm25(\(SearchField.allCases.map { String($0.weight) }.joined(separator: ", ")))"

    /// The statement `search` runs: the ranking, and for each row the first field holding a
    /// match and the phrases it holds (see `xkcd_sqlite_add_search_functions`), from the index,
    /// then its title and excerpt, from its text. Start and end marks, the FTS5 expression, the
    /// ranking, the number of rows.
    static let searchSQL = """
        SELECT rowid, rank, search_field(comic_fts) AS field, search_phrases(comic_fts) AS phrases, title,
            snippet(comic_fts, search_field(comic_fts), ?, ?, '…', 16) AS excerpt
        FROM comic_fts WHERE comic_fts MATCH ? AND rank MATCH ? ORDER BY rank LIMIT ?
        """

    // Transcripts and explanations span lines; an excerpt reads as one.
    private static func flat(_ excerpt: String) -> String {
        excerpt.utf8.contains(0x0A)
            ? String(decoding: excerpt.utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) : excerpt
    }

    /// Indexes `documents` for search, replacing their comics' older entries, a statement per
    /// row. An older entry is removed with the text the index took from the stored comic and
    /// explanation, so this runs before either is replaced. FTS5 keeps a transaction's terms in
    /// memory and writes them as one segment at the commit (or past a megabyte), unless a row
    /// number goes down: then it writes what it has at once. Rows go in ascending order, and
    /// callers writing several batches in one transaction order them too.
    static func index(_ documents: [SearchDocument], in db: SQLiteConnection) throws {
        let indexed = try db.cached("SELECT title, alt, transcript, explanation FROM search_text WHERE num = ?")
        // Values, not `INSERT … SELECT`: a statement that may write several rows opens a
        // savepoint, and FTS5 writes the terms it holds in memory at each one.
        let remove = try db.cached(
            """
            INSERT INTO comic_fts(comic_fts, rowid, title, alt, transcript, explanation)
            VALUES ('delete', ?, ?, ?, ?, ?)
            """)
        let insert = try db.cached(
            "INSERT INTO comic_fts(rowid, title, alt, transcript, explanation) VALUES (?, ?, ?, ?, ?)")
        for document in documents.sorted(by: { $0.num < $1.num }) {
            if let old = try indexed.firstRow([document.num], { row in (0..<4).map { row[$0] as String } }) {
                remove.reset()
                remove.bind(1, document.num)
                for (index, text) in old.enumerated() { remove.bind(Int32(index + 2), text) }
                try remove.run()
            }
            insert.reset()
            insert.bind(1, document.num)
            insert.bind(2, document.title)
            insert.bind(3, document.alt)
            insert.bind(4, document.transcript)
            insert.bind(5, document.explanation)
            try insert.run()
        }
    }

    /// Builds the search index again from the stored comics and explanations.
    static func rebuildIndex(in db: SQLiteConnection) throws {
        try db.execute("INSERT INTO comic_fts(comic_fts) VALUES('rebuild')")
    }
}
