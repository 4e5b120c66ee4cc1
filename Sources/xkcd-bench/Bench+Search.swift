import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// Search's speed over the synced store in `warm`, and how often a sentence finds its comic.
    func searchRows(warm: URL, server: XKCDTestServer, into table: inout Table) throws {
        log("search …")
        let (ours, floor) = try searchLatency(dataDirectory: warm, server: server, queries: Self.queries, rounds: 5)
        table.add(
            "`search` (20 real queries, median)", ours: Measure.median(ours), floor: Measure.median(floor),
            floorName: Self.storedTextFloor, goal: .absolute(0.001))
        let recall = try searchRecall(dataDirectory: warm)
        table.addShare(
            "`search`: sentences as people describe a comic (Fixtures/search), comic in the top 3",
            ours: recall.ours, floor: recall.fts5, of: recall.total, floorName: "FTS5's own reading: every word",
            least: 0.9)
        let titles = try titleRecall(dataDirectory: warm)
        table.addShare(
            "`search`: titles typed as people type them (Fixtures/search/titles.tsv), the comic first",
            ours: titles.ours, floor: titles.relevance, of: titles.total, floorName: "bm25 alone, title weighted most",
            least: 0.95)
        let words = try titleWordOrder(dataDirectory: warm)
        table.addShare(
            "`search` of one word (each word of those titles): no text-only hit above a title hit",
            ours: words.ours, floor: words.relevance, of: words.total, floorName: "bm25 alone, title weighted most",
            least: 1)
    }

    /// Search's speed over the store in `explained`, which holds every comic's explanation:
    /// keywords, and the sentences of Fixtures/search (median and 90th percentile), and the
    /// database's size with them.
    func explainedSearchRows(explained: URL, comicsOnly: URL, server: XKCDTestServer, into table: inout Table) throws {
        log("search with explanations …")
        let (keywords, keywordFloor) = try searchLatency(
            dataDirectory: explained, server: server, queries: Self.queries, rounds: 5)
        table.add(
            "`search` with explanations indexed (20 real queries, median)", ours: Measure.median(keywords),
            floor: Measure.median(keywordFloor), floorName: Self.storedTextFloor, goal: .absolute(0.010))
        let sentences = try SearchFixtures.sentences().map(\.query)
        let (ours, floor) = try searchLatency(dataDirectory: explained, server: server, queries: sentences, rounds: 5)
        table.add(
            "`search` with explanations indexed, \(sentences.count) sentences (Fixtures/search), median",
            ours: Measure.median(ours), floor: Measure.median(floor), floorName: Self.storedTextFloor, goal: .ratio(1.5)
        )
        table.add(
            "  the same, 90th percentile", ours: Measure.percentile(ours, 0.9), floor: Measure.percentile(floor, 0.9),
            floorName: Self.storedTextFloor, goal: .ratioAndAbsolute(1.5, 0.010))
        table.addSize(
            "database with explanations", bytes: try databaseBytes(explained), limit: 30 << 20,
            note: String(format: "%.1f MiB without (comics only)", Double(try databaseBytes(comicsOnly)) / 1_048_576))
    }

    private static let storedTextFloor = "sqlite3 CLI, the same statements over an index holding its own text"

    /// The sentences of Fixtures/search/sentences.tsv whose comic a search puts in its first
    /// three hits over the store in `dataDirectory`: read as people mean them, and with FTS5's
    /// own reading (every word must match), for comparison.
    func searchRecall(dataDirectory: URL) throws -> (ours: Int, fts5: Int, total: Int) {
        let store = try ComicStore.open(at: dataDirectory.appendingPathComponent("xkcd.sqlite3"))
        let sentences = try SearchFixtures.sentences()
        var (ours, fts5) = (0, 0)
        for (num, sentence) in sentences {
            func found(_ expression: String?, _ ranking: SearchRanking) throws -> Bool {
                guard let expression else { return false }
                return try store.search(expression, ranking: ranking, limit: 3).hits.contains { $0.num == num }
            }
            if try found(SearchQuery.expression(sentence), SearchRanking(sentence)) { ours += 1 }
            if try found(SearchQuery.ftsExpression(sentence), .relevance) { fts5 += 1 }
        }
        return (ours, fts5, sentences.count)
    }

    /// The titles of Fixtures/search/titles.tsv, typed as people type them, whose comic a search
    /// over the store in `dataDirectory` puts first: ranked as `search` ranks, and by relevance
    /// alone, for comparison.
    func titleRecall(dataDirectory: URL) throws -> (ours: Int, relevance: Int, total: Int) {
        let store = try ComicStore.open(at: dataDirectory.appendingPathComponent("xkcd.sqlite3"))
        let titles = try SearchFixtures.titles()
        var (ours, relevance) = (0, 0)
        for (num, typed) in titles {
            guard let expression = SearchQuery.expression(typed) else { continue }
            if try store.search(expression, ranking: SearchRanking(typed), limit: 1).hits.first?.num == num {
                ours += 1
            }
            if try store.search(expression, ranking: .relevance, limit: 1).hits.first?.num == num { relevance += 1 }
        }
        return (ours, relevance, titles.count)
    }

    /// Of the words of Fixtures/search/titles.tsv (stopwords aside), how many, searched alone
    /// over the store in `dataDirectory`, list every comic whose title holds the word before
    /// every comic that holds it only in its text: ranked as `search` ranks, and by relevance
    /// alone.
    func titleWordOrder(dataDirectory: URL) throws -> (ours: Int, relevance: Int, total: Int) {
        let store = try ComicStore.open(at: dataDirectory.appendingPathComponent("xkcd.sqlite3"))
        let words = Set(try SearchFixtures.titles().flatMap { SearchQuery.words($0.query) }).sorted()
        func titlesFirst(_ word: String, _ ranking: SearchRanking) throws -> Bool {
            let hits = try store.search("\"\(word)\"", ranking: ranking, limit: nil).hits
            return hits.drop { $0.matched == .title }.allSatisfy { $0.matched != .title }
        }
        var (ours, relevance) = (0, 0)
        for word in words {
            if try titlesFirst(word, SearchRanking(word)) { ours += 1 }
            if try titlesFirst(word, .relevance) { relevance += 1 }
        }
        return (ours, relevance, words.count)
    }

    // Each of `queries` asked of our search and, as a floor, of sqlite3 running the same
    // statements (the ranking with titles and excerpts, then the count) over a copy of the store
    // whose index holds its own copy of the text: the floor derives nothing. Each is kept open
    // and asked in turn, so a machine that slows down or speeds up meanwhile moves both alike.
    // Round 0 warms up. Returns every time measured.
    func searchLatency(
        dataDirectory: URL, server: XKCDTestServer, queries: [String], rounds: Int, withFloor: Bool = true
    ) throws -> (ours: [Double], floor: [Double]) {
        let ours = try LineChannel(
            options.xkcd, ["--json", "--offline"], environment: environment(dataDirectory, server: server))
        defer { ours.close() }
        let sqlite =
            withFloor
            ? try LineChannel(
                try Machine.which("sqlite3"), ["-batch", try floorDatabase(of: dataDirectory)],
                environment: environment(dataDirectory, server: server))
            : nil
        defer { sqlite?.close() }
        var ourTimes: [Double] = []
        var floorTimes: [Double] = []
        for round in 0...rounds {
            for query in queries {
                let t = try ours.request("search \(query)", until: { _ in true })
                if round > 0 { ourTimes.append(t) }
                guard let sqlite, let expression = SearchQuery.expression(query) else { continue }
                let f = try sqlite.request(Self.floorStatements(expression), until: { $0 == "__END__" })
                if round > 0 { floorTimes.append(f) }
            }
        }
        return (ourTimes, floorTimes)
    }

    // A copy of the store in `dataDirectory` with `floor_fts`: the same index as `comic_fts`,
    // holding its own copy of the text `search_text` derives. Returns its path.
    private func floorDatabase(of dataDirectory: URL) throws -> String {
        let path = try directory("floor-\(dataDirectory.lastPathComponent)").appendingPathComponent("floor.sqlite3")
            .path
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.copyItem(
            atPath: dataDirectory.appendingPathComponent("xkcd.sqlite3").path, toPath: path)
        let db = try SQLiteConnection(path: path)
        try ComicStore.prepareSearch(db)
        try db.execute(
            """
            CREATE VIRTUAL TABLE floor_fts USING fts5(
                title, alt, transcript, explanation, tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO floor_fts(rowid, title, alt, transcript, explanation)
                SELECT num, title, alt, transcript, explanation FROM search_text ORDER BY num;
            """)
        return path
    }

    // What `search` asks for `expression`, as sqlite3 statements over `floor_fts`: the best hits
    // with their titles and excerpts of the first field, in rank order, holding a match, then
    // how many match.
    private static func floorStatements(_ expression: String) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        let fields = SearchField.allCases.indices
        let cases = fields.dropLast().map { field in
            "WHEN bm25(floor_fts, \(fields.map { $0 == field ? "1" : "0" }.joined(separator: ", "))) < 0 THEN \(field)"
        }
        let field = "CASE \(cases.joined(separator: " ")) ELSE \(fields.last!) END"
        return """
            SELECT rowid, rank, title, snippet(floor_fts, \(field), '[', ']', '…', 16) FROM floor_fts \
            WHERE floor_fts MATCH \(quoted(expression)) AND rank MATCH \(quoted(ComicStore.relevance)) \
            ORDER BY rank LIMIT \(SearchQuery.shown); \
            SELECT count(*) FROM floor_fts WHERE floor_fts MATCH \(quoted(expression)); SELECT '__END__';
            """
    }
}
