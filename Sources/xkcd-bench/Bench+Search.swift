import Foundation
import TestSupport
import XKCDKit

extension Bench {
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
                    } + ["21"]
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
