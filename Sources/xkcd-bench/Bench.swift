import Foundation
import TestSupport
import XKCDKit

/// `make bench`: every hot path against a floor measured in the same run, as one table.
@main
struct Bench {
    static func main() {
        do {
            let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
            try Bench(options: options).run()
        } catch {
            FileHandle.standardError.write(Data("xkcd-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Command-line options.
    struct Options {
        var comicDatabase = ""
        var xkcd = ".build/release/xkcd"
        var floor = ".build/release/bench-floor"
        var storeFloor = ".build/release/bench-store-floor"
        /// The sentence encoder's model file, for the rows of search by meaning (none: those rows
        /// are left out).
        var model: String?
        /// `link`: only the rows over a 40 ms link; `search`: only the search rows; `image`:
        /// only the image rows; `explanations`: only the `sync --explanations` rows; `startup`:
        /// only the start-up rows; `meaning`: only the rows of search by meaning.
        var only: String?

        static func parse(_ arguments: [String]) throws -> Options {
            var options = Options()
            var rest = arguments[...]
            while let flag = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
                switch flag {
                case "--comicdb": options.comicDatabase = value
                case "--xkcd": options.xkcd = value
                case "--floor": options.floor = value
                case "--store-floor": options.storeFloor = value
                case "--only": options.only = value
                case "--model": options.model = value
                default: throw BenchError("unknown option \(flag)")
                }
            }
            guard !options.comicDatabase.isEmpty else { throw BenchError("--comicdb FILE is required") }
            guard [nil, "link", "search", "image", "explanations", "startup", "meaning"].contains(options.only) else {
                throw BenchError(
                    "--only takes 'link', 'search', 'image', 'explanations', 'startup' or 'meaning', "
                        + "not '\(options.only ?? "")'")
            }
            return options
        }
    }

    let options: Options
    let work: URL

    init(options: Options) throws {
        self.options = options
        work = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    static let queries = [
        "python", "import antigravity", "\"sudo make me a sandwich\"", "time travel", "physics", "love",
        "computer", "math*", "science", "cat", "password", "standards", "xkcd", "girlfriend", "space",
        "robot", "internet", "graph", "chess", "bobby tables",
    ]

    func environment(_ dataDirectory: URL, server: XKCDTestServer) -> [String: String] {
        environment(dataDirectory, baseURL: server.baseURL.absoluteString)
    }

    /// What every run gets: `dataDirectory` to store into, the API (and wiki) at `baseURL`, and
    /// no sentence encoder but where a row of search by meaning names it.
    func environment(_ dataDirectory: URL, baseURL: String) -> [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": work.path, "LANG": "C.UTF-8", "TERM": "dumb",
            "XKCD_DATA_DIR": dataDirectory.path, "XKCD_BASE_URL": baseURL, "XKCD_EXPLAIN_URL": baseURL,
            "XKCD_MODEL": "",
        ]
    }

    /// A curl config file `name` in the work directory that fetches each of `urls` to /dev/null.
    func curlConfig(_ name: String, fetching urls: [String]) throws -> URL {
        let file = work.appendingPathComponent(name)
        try urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"" }.joined(separator: "\n")
            .write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func directory(_ name: String) throws -> URL {
        let url = work.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        let archive = try ComicArchive.comicDatabase(at: URL(fileURLWithPath: options.comicDatabase))
        let server = try XKCDTestServer(archive: archive, servesImages: false)
        defer { server.stop() }
        var table = Table()
        if options.only == "image" {
            try imageRows(into: &table)
            print(table.markdown)
            return
        }
        if options.only == "link" {
            try linkRows(archive: archive, into: &table)
            print(table.markdown)
            return
        }
        log("machine: \(Machine.description)")
        log(
            "archive: \(archive.bodies.count) comics from \(options.comicDatabase), served at "
                + "\(server.baseURL.absoluteString)"
        )

        // A data directory holding the comics (no pages: the rows of explanations fetch them), used
        // warm by the rows that need one.
        let warm = try directory("warm")
        let first = try Spawn.run(
            options.xkcd, ["sync", "--no-explanations"], environment: environment(warm, server: server))
        guard first.status == 0 else { throw BenchError("sync into \(warm.path) failed (\(first.status))") }
        if options.only == "search" {
            try searchRows(warm: warm, server: server, into: &table)
            let explainServer = try XKCDTestServer(archive: archive, servesImages: false)
            defer { explainServer.stop() }
            try explainServer.serveExplanations(from: ComicArchive.locateFixtures().appendingPathComponent("explain"))
            explainServer.serveGeneratedExplanations()
            try explainedSearchRows(
                explained: try explainedCopy(of: warm, server: explainServer), comicsOnly: warm, server: explainServer,
                into: &table)
            print(table.markdown)
            return
        }
        if options.only == "explanations" {
            try explanationRows(archive: archive, warm: warm, into: &table)
            print(table.markdown)
            return
        }
        if options.only == "meaning" {
            try meaningRows(archive: archive, into: &table)
            print(table.markdown)
            return
        }

        try startupRows(warm: warm, server: server, into: &table)
        if options.only == "startup" {
            print(table.markdown)
            return
        }

        log("goto …")
        let stored = archive.bodies.keys.sorted()
        var generator = SeededRandom(seed: 353)
        let goto = try LineChannel(options.xkcd, ["--json"], environment: environment(warm, server: server))
        var gotoTimes: [Double] = []
        for index in 0..<1020 {
            let num = stored[generator.below(stored.count)]
            let t = try goto.request("goto \(num)", until: { _ in true })
            if index >= 20 { gotoTimes.append(t) }
        }
        goto.close()
        table.add(
            "`goto N` on a stored comic, per command (1,000 through stdin)", ours: Measure.median(gotoTimes),
            floor: nil, floorName: "—", goal: .absolute(0.001))

        log("sync …")
        let urls = try curlConfig(
            "urls.txt",
            fetching: (1...(archive.newest ?? 1)).map { "\(server.baseURL.absoluteString)/\($0)/info.0.json" })
        var syncRuns: [Spawn.Result] = []
        var curlRuns: [Spawn.Result] = []
        // Fifteen rounds: on a shared machine the median of seven moved by a tenth from run to run.
        for round in 0..<15 {
            let empty = try directory("sync-\(round)")
            let result = try Spawn.run(
                options.xkcd, ["sync", "--no-explanations"], environment: environment(empty, server: server))
            guard result.status == 0 else { throw BenchError("sync failed (\(result.status))") }
            syncRuns.append(result)
            curlRuns.append(
                try Spawn.run(
                    try Machine.which("curl"), ["--parallel", "--parallel-max", "8", "-s", "-K", urls.path],
                    environment: environment(empty, server: server)))
        }
        let syncTimes = syncRuns.map(\.seconds)
        table.add(
            "`sync --no-explanations` of \(archive.bodies.count) comics into an empty data dir (pages and index: rows of their own)",
            ours: Measure.median(syncTimes),
            floor: Measure.median(curlRuns.map(\.seconds)), floorName: "curl --parallel --parallel-max 8, same URLs",
            goal: .ratio(1.5))
        table.add(
            "  CPU time of the process (user + system, all threads)", ours: Measure.median(syncRuns.map(\.cpuSeconds)),
            floor: Measure.median(curlRuns.map(\.cpuSeconds)), floorName: "curl's, same runs", goal: .none)
        // What storing and full-text indexing the same text costs SQLite alone, with no network:
        // the same batches as a sync, one transaction each.
        let sql = work.appendingPathComponent("store.sql")
        try storingScript(
            batches: stride(from: 0, to: stored.count, by: Syncer.commitRows).map {
                Array(stored[$0..<min($0 + Syncer.commitRows, stored.count)])
            }
        ).write(to: sql, atomically: true, encoding: .utf8)
        let sqlite = try Machine.which("sqlite3")
        let curl = try Machine.which("curl")
        var storeTimes: [Double] = []
        var bothTimes: [Double] = []
        for round in 0..<5 {
            let alone = try directory("store-\(round)").appendingPathComponent("floor.sqlite3").path
            storeTimes.append(
                try Spawn.run(sqlite, [alone], environment: environment(warm, server: server), input: sql.path).seconds)
            // Fetching and storing at once, as two programs with nothing between them.
            let together = try directory("both-\(round)").appendingPathComponent("floor.sqlite3").path
            let started = Measure.now()
            let fetching = try Spawn.start(
                curl, ["--parallel", "--parallel-max", "8", "-s", "-K", urls.path],
                environment: environment(warm, server: server))
            let storing = try Spawn.start(
                sqlite, [together], environment: environment(warm, server: server), input: sql.path)
            _ = fetching.wait()
            _ = storing.wait()
            bothTimes.append(Measure.now() - started)
        }
        table.add(
            "  storing + indexing alone", ours: Measure.median(syncTimes), floor: Measure.median(storeTimes),
            floorName: "sqlite3 CLI: the same comics into a table and the FTS5 index, in the same batches, no network",
            goal: .none)
        table.add(
            "  fetching and storing at once", ours: Measure.median(syncTimes), floor: Measure.median(bothTimes),
            floorName: "that curl and that sqlite3 run side by side", goal: .none)

        try searchRows(warm: warm, server: server, into: &table)
        try meaningRows(archive: archive, into: &table)

        log("completion …")
        table.add(
            "title completion (200 prefixes, median)", ours: try completionLatency(dataDirectory: warm),
            floor: nil, floorName: "—", goal: .absolute(0.001))

        try imageRows(into: &table)

        try explanationRows(archive: archive, warm: warm, into: &table)
        try linkRows(archive: archive, into: &table)

        log("memory …")
        let script = work.appendingPathComponent("rss-script.txt")
        try (["sync --no-explanations"] + (0..<100).map { "search \(Self.queries[$0 % Self.queries.count])" }).joined(
            separator: "\n"
        )
        .write(to: script, atomically: true, encoding: .utf8)
        let rss = try Spawn.peakRSS(
            options.xkcd, [], environment: environment(try directory("rss"), server: server),
            input: script.path, scratch: work)
        let floorRSS = try Spawn.peakRSS(
            options.floor, [], environment: environment(warm, server: server), scratch: work)
        table.addMemory(
            "peak RSS after sync + 100 searches", ours: rss, floor: floorRSS,
            limit: 50 << 20)

        log("growth …")
        var growth: [(Int, Double, Double)] = []
        for size in [500, 1000, archive.bodies.count] {
            let keep = Set(stored.prefix(size))
            let partial = try XKCDTestServer(archive: archive.filter { keep.contains($0) }, servesImages: false)
            defer { partial.stop() }
            var times: [Double] = []
            var dir = work
            for round in 0..<2 {
                dir = try directory("growth-\(size)-\(round)")
                let result = try Spawn.run(
                    options.xkcd, ["sync", "--no-explanations"], environment: environment(dir, server: partial))
                guard result.status == 0 else { throw BenchError("sync of \(size) failed") }
                times.append(result.seconds)
            }
            let (search, _) = try searchLatency(
                dataDirectory: dir, server: partial, queries: Self.queries, rounds: 3, withFloor: false)
            growth.append((size, Measure.median(times), Measure.median(search)))
        }

        print(table.markdown)
        print("")
        print("| comics | sync | search (median) |")
        print("|---:|---:|---:|")
        for (size, sync, search) in growth {
            print("| \(size) | \(Measure.format(sync)) | \(Measure.format(search)) |")
        }
        print("")
        print("Machine: \(Machine.description)")
    }

    // The sqlite3 script that stores and indexes the archive in `batches` of comic numbers, with
    // the search index set as the store sets it.
    func storingScript(batches: [[Int]]) -> String {
        var script = """
            PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;
            ATTACH '\(options.comicDatabase)' AS source;
            CREATE TABLE comic(num INTEGER PRIMARY KEY, title, safe_title, alt, img, link, news, transcript, date);
            CREATE VIRTUAL TABLE comic_fts USING fts5(title, alt, transcript, explanation, tokenize = 'unicode61 remove_diacritics 2');
            \(ComicStore.searchIndexMerging);

            """
        for batch in batches {
            let numbers = batch.map(String.init).joined(separator: ",")
            script += """
                BEGIN;
                INSERT INTO comic SELECT num, title, safe_title, alt, img, link, news, transcript, date FROM source.comics WHERE num IN (\(numbers));
                INSERT INTO comic_fts(rowid, title, alt, transcript) SELECT num, safe_title, alt, transcript FROM source.comics WHERE num IN (\(numbers));
                COMMIT;

                """
        }
        return script
    }

    func completionLatency(dataDirectory: URL) throws -> Double {
        let store = try ComicStore.open(at: dataDirectory.appendingPathComponent("xkcd.sqlite3"))
        let cache = TitleIndexCache(store: store)
        let titles = try store.allTitles()
        let completer = Completer()
        _ = completer.complete("goto a", titles: cache.current())
        var generator = SeededRandom(seed: 2665)
        var times: [Double] = []
        for index in 0..<200 {
            let prefix: String
            if index % 10 == 9 {
                prefix = String(generator.below(2665) + 1).prefix(generator.below(3) + 1).description
            } else {
                let title = titles[generator.below(titles.count)].title
                prefix = String(title.prefix(generator.below(6) + 1))
            }
            times.append(Measure.time { _ = completer.complete("goto " + prefix, titles: cache.current()) })
        }
        return Measure.median(times)
    }

    func log(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
