import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// Search's speed over the synced store in `warm`, and how often a sentence finds its comic.
    func searchRows(warm: URL, server: XKCDTestServer, into table: inout Table) throws {
        log("search …")
        let (ours, floor) = try searchLatency(dataDirectory: warm, server: server, rounds: 5)
        table.add(
            "`search` (20 real queries, median)", ours: ours, floor: floor,
            floorName: "same FTS5 query, sqlite3 CLI, our database", goal: .ratioAndAbsolute(2, 0.001))
        let recall = try searchRecall(dataDirectory: warm)
        table.addShare(
            "`search`: sentences as people describe a comic (Fixtures/search), comic in the top 3",
            ours: recall.ours, floor: recall.fts5, of: recall.total, floorName: "FTS5's own reading: every word",
            least: 0.9)
    }

    /// The sentences of Fixtures/search/sentences.tsv whose comic a search puts in its first
    /// three hits over the store in `dataDirectory`: read as people mean them, and with FTS5's
    /// own reading (every word must match), for comparison.
    func searchRecall(dataDirectory: URL) throws -> (ours: Int, fts5: Int, total: Int) {
        let file = ComicArchive.locateFixtures().appendingPathComponent("search/sentences.tsv")
        let store = try ComicStore.open(at: dataDirectory.appendingPathComponent("xkcd.sqlite3"))
        var (ours, fts5, total) = (0, 0, 0)
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard fields.count == 2, let num = Int(fields[0]) else { continue }
            total += 1
            func found(_ expression: String?) throws -> Bool {
                guard let expression else { return false }
                return try store.search(expression, limit: 3).hits.contains { $0.num == num }
            }
            if try found(SearchQuery.expression(fields[1])) { ours += 1 }
            if try found(SearchQuery.ftsExpression(fields[1])) { fts5 += 1 }
        }
        return (ours, fts5, total)
    }

    // Our search and the same FTS5 query in sqlite3, each kept open and asked in turn, so a
    // machine that slows down or speeds up meanwhile moves both alike. Round 0 warms up.
    func searchLatency(dataDirectory: URL, server: XKCDTestServer, rounds: Int, withFloor: Bool = true) throws -> (
        Double, Double
    ) {
        let ours = try LineChannel(
            options.xkcd, ["--json", "--offline"], environment: environment(dataDirectory, server: server))
        defer { ours.close() }
        let database = dataDirectory.appendingPathComponent("xkcd.sqlite3").path
        let sqlite =
            withFloor
            ? try LineChannel(
                try Machine.which("sqlite3"), ["-batch", database],
                environment: environment(dataDirectory, server: server))
            : nil
        defer { sqlite?.close() }
        var ourTimes: [Double] = []
        var floorTimes: [Double] = []
        for round in 0...rounds {
            for query in Self.queries {
                let t = try ours.request("search \(query)", until: { _ in true })
                if round > 0 { ourTimes.append(t) }
                guard let sqlite, let expression = SearchQuery.expression(query) else { continue }
                // The statement `search` runs, its parameters written in.
                let values =
                    ["'['", "']'", expression, ComicStore.rankFunction].map {
                        $0.hasPrefix("'") ? $0 : "'" + $0.replacingOccurrences(of: "'", with: "''") + "'"
                    } + [String(SearchQuery.shown + 1)]
                var sql = ""
                var next = values.makeIterator()
                for c in ComicStore.searchSQL { sql += c == "?" ? next.next() ?? "?" : String(c) }
                sql = sql.replacingOccurrences(of: "\n", with: " ") + "; SELECT '__END__';"
                let f = try sqlite.request(sql, until: { $0 == "__END__" })
                if round > 0 { floorTimes.append(f) }
            }
        }
        return (Measure.median(ourTimes), withFloor ? Measure.median(floorTimes) : 0)
    }
}
