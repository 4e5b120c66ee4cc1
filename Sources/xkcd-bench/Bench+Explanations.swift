import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// `sync --explanations` of every comic's page into a synced data directory against curl
    /// fetching the same batch URLs one after another; search with explanations indexed; the
    /// database's size with them.
    func explanationRows(archive: ComicArchive, warm: URL, into table: inout Table) throws {
        log("explanations …")
        let server = try XKCDTestServer(archive: archive, servesImages: false)
        defer { server.stop() }
        try server.serveExplanations(from: ComicArchive.locateFixtures().appendingPathComponent("explain"))
        server.serveGeneratedExplanations()
        let numbers = (1...(archive.newest ?? 1)).filter { $0 != 404 }
        let batches = stride(from: 0, to: numbers.count, by: ExplainBatchQuery.maxTitles).map {
            Array(numbers[$0..<min($0 + ExplainBatchQuery.maxTitles, numbers.count)])
        }
        let urls = try curlConfig(
            "explain-urls.txt",
            fetching: batches.compactMap {
                ExplainBatchQuery.url(explainURL: server.baseURL, numbers: $0)?.absoluteString
            })
        let curl = try Machine.which("curl")
        var ours: [Double] = []
        var floor: [Double] = []
        var requests = 0
        var explained = warm
        for round in 0..<5 {
            explained = try copy(warm, to: "explained-\(round)")
            server.resetCounters()
            let run = try Spawn.run(
                options.xkcd, ["sync", "--explanations"], environment: environment(explained, server: server))
            guard run.status == 0 else { throw BenchError("sync --explanations failed (\(run.status))") }
            ours.append(run.seconds)
            requests = server.requestLog.filter { $0.contains("action=query") }.count
            floor.append(
                try Spawn.run(curl, ["-s", "-K", urls.path], environment: environment(warm, server: server)).seconds)
        }
        table.add(
            "`sync --explanations` of \(numbers.count) pages into a synced data dir", ours: Measure.median(ours),
            floor: Measure.median(floor), floorName: "curl, the same \(batches.count) batch URLs one after another",
            goal: .ratio(1.3))
        table.addCount(
            "  requests to the wiki's API", ours: requests, least: batches.count, leastName: "⌈pages/50⌉")
        // A real wiki takes a while to gather 50 pages: with each answer taking 300 ms, the time
        // spent reading and storing pages hides behind the next request.
        let answerDelay = Duration.milliseconds(300)
        server.setFault(.delay(answerDelay), for: "/wiki/api.php", times: batches.count)
        let slowOurs = try Spawn.run(
            options.xkcd, ["sync", "--explanations"],
            environment: environment(try copy(warm, to: "explained-slow"), server: server))
        server.setFault(.delay(answerDelay), for: "/wiki/api.php", times: batches.count)
        let slowCurl = try Spawn.run(curl, ["-s", "-K", urls.path], environment: environment(warm, server: server))
        server.clearFaults()
        table.add(
            "  the same, each answer taking 300 ms (one round)", ours: slowOurs.seconds, floor: slowCurl.seconds,
            floorName: "curl, same URLs, same delay", goal: .ratio(1.3))
        let rss = try Spawn.peakRSS(
            options.xkcd, ["sync", "--explanations"],
            environment: environment(try copy(warm, to: "explained-rss"), server: server),
            scratch: work)
        let floorRSS = try Spawn.peakRSS(
            options.floor, [], environment: environment(warm, server: server), scratch: work)
        table.addMemory("  peak RSS of that sync", ours: rss, floor: floorRSS, limit: 60 << 20)

        if options.only == nil {
            try explainedSearchRows(explained: explained, comicsOnly: warm, server: server, into: &table)
        }
    }

    /// A copy of `warm` with every comic's explanation, served by `server`.
    func explainedCopy(of warm: URL, server: XKCDTestServer) throws -> URL {
        let explained = try copy(warm, to: "explained")
        let run = try Spawn.run(
            options.xkcd, ["sync", "--explanations"], environment: environment(explained, server: server))
        guard run.status == 0 else { throw BenchError("sync --explanations failed (\(run.status))") }
        return explained
    }

    // A copy of the data directory `source` under `name`.
    private func copy(_ source: URL, to name: String) throws -> URL {
        let target = try directory(name)
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where file.hasPrefix("xkcd.sqlite3") {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(file), to: target.appendingPathComponent(file))
        }
        return target
    }

    // The database file and its write-ahead log.
    func databaseBytes(_ directory: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("xkcd.sqlite3") }
            .reduce(0) { total, file in
                let size = try FileManager.default.attributesOfItem(
                    atPath: directory.appendingPathComponent(file).path)[.size]
                return total + ((size as? Int) ?? 0)
            }
    }
}
