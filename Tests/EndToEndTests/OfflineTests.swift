import Foundation
import TestSupport
import Testing

/// The offline library through the built binary: favorites, --offline, save, cache.
@Suite(.serialized) final class OfflineTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    @Test func threeFavoritesAreFullyThereOffline() throws {
        let fav = try xkcd.run(["-c", "fav 353; fav 1; fav 472"])
        #expect(fav.status == 0, "\(fav.stderr)")
        #expect(fav.stdout.components(separatedBy: "is a favorite now (image stored").count == 4)
        server.resetCounters()

        let out = xkcd.dataDirectory.appendingPathComponent("saved")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let offline = try xkcd.run([
            "--offline", "-c",
            "goto 353; show 1; goto 472; save 353 \(out.path); save 1 \(out.path); save 472 \(out.path); favs",
        ])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("#353 · Python · 2007-12-05"))
        #expect(offline.stdout.contains("#1 · Barrel - Part 1 · 2006-01-01"))
        #expect(offline.stdout.contains("#472 · House of Pancakes · 2008-09-05"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["1-barrel-part-1.png", "353-python.png", "472-house-of-pancakes.png"])
        #expect(server.requestCount == 0, "--offline makes no request at all")

        let missing = try xkcd.run(["--offline", "goto", "2"])
        #expect(missing.status == 1)
        #expect(missing.errorLines == ["error: #2 is not stored offline"])
        let env = try xkcd.run(["goto", "2"], extraEnvironment: ["XKCD_OFFLINE": "1"])
        #expect(env.errorLines == ["error: #2 is not stored offline"])
        #expect(server.requestCount == 0)
    }

    @Test func favoritesListAndExportImportThroughFiles() throws {
        #expect(try xkcd.run(["-c", "fav 353; fav 1608"]).status == 0)
        let json = try xkcd.run(["--json", "favs"])
        let file = xkcd.dataDirectory.appendingPathComponent("favs.json")
        try Data(json.stdout.utf8).write(to: file)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let list = try #require(parsed?["favorites"] as? [[String: Any]])
        #expect(list.map { $0["num"] as? Int } == [353, 1608])
        #expect(list.allSatisfy { ($0["added"] as? String)?.hasSuffix("Z") == true })

        let other = try XKCDBinary(baseURL: server.baseURL)
        defer { other.cleanUp() }
        let imported = try other.run(["fav", "import", file.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported 2 favorites\n")
        #expect(try other.run(["--json", "favs"]).stdout == json.stdout)

        try Data("{\"favorites\": [".utf8).write(to: file)
        let truncated = try other.run(["fav", "import", file.path])
        #expect(truncated.status == 1)
        #expect(truncated.errorLines.count == 1)
        #expect(truncated.stderr.contains("is not a favorites export"))
        for (path, reason) in [
            ("/nonexistent/favs.json", "no such file"),
            (other.dataDirectory.path, "it is a directory, not a favorites file"),
        ] {
            let unreadable = try other.run(["fav", "import", path])
            #expect(unreadable.status == 1)
            #expect(unreadable.stderr == "error: cannot import \(path): \(reason)\n")
        }
    }

    @Test func aFavoriteMadeOfflineIsCompletedOnline() throws {
        #expect(try xkcd.run(["goto", "2474"]).status == 0)
        let offline = try xkcd.run(["--offline", "fav"])
        #expect(offline.stdout == "★ #2474 First Time Since Early 2020 is a favorite now (no image stored)\n")
        #expect(offline.stderr.contains("note: the image of #2474 was not stored"))
        let online = try xkcd.run(["fav", "2474"])
        #expect(online.status == 0, "\(online.stderr)")
        #expect(
            online.stdout
                == "#2474 First Time Since Early 2020 is already a favorite; stored its image and explanation now\n")
        server.stop()
        #expect(try xkcd.run(["--offline", "explain", "2474"]).status == 0)
        #expect(try xkcd.run(["--offline", "image", "2474"]).status == 0)
    }

    @Test func badInputForFavoritesAndCache() throws {
        let bad = try xkcd.run(["fav", "abc"])
        #expect(bad.status == 1)
        #expect(
            bad.errorLines == [
                "error: no comic titled 'abc': nothing is stored yet — 'sync' stores every title, or try a number"
            ])
        let notFav = try xkcd.run(["unfav", "353"])
        #expect(notFav.status == 1)
        #expect(notFav.errorLines == ["error: #353 is not a favorite"])
        #expect(try xkcd.run(["cache", "wipe"]).status == 2)
    }

    @Test func cacheStatsAndClearFromAScript() throws {
        #expect(try xkcd.run(["-c", "fav 353; goto 1; goto 2"]).status == 0)
        let stats = try xkcd.run(["--json", "cache", "stats"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(object["comics"] as? Int == 4)
        #expect(object["favorites"] as? Int == 1)
        #expect(object["images"] as? Int == 1)
        // No terminal: no question asked.
        let clear = try xkcd.run([], stdin: "cache clear\n")
        #expect(clear.status == 0, "\(clear.stderr)")
        let lines = clear.stdout.split(separator: "\n")
        #expect(lines.first == "deleted 3 comics, 0 images and 0 explanations; favorites kept", "\(clear.stdout)")
        #expect(lines.count == 2 && lines[1].hasPrefix("the database "), "\(clear.stdout)")
        server.stop()
        #expect(try xkcd.run(["--offline", "show", "353"]).status == 0)
    }

    @Test func twoProcessesAddingFavoritesAtOnceLoseNothing() throws {
        #expect(try xkcd.run(["latest"]).status == 0)
        let first = [1, 2, 3, 4, 5, 352].map { "fav \($0)" }.joined(separator: "; ")
        let second = [353, 354, 403, 405, 472, 124].map { "fav \($0)" }.joined(separator: "; ")
        let group = DispatchGroup()
        let results = ResultsBox()
        for script in [first, second] {
            group.enter()
            let xkcd = xkcd
            Thread.detachNewThread {
                results.add((try? xkcd.run(["-c", script]))?.status ?? -1)
                group.leave()
            }
        }
        group.wait()
        #expect(results.all == [0, 0])
        let favs = try xkcd.run(["--json", "favs"])
        let object = try JSONSerialization.jsonObject(with: Data(favs.stdout.utf8)) as? [String: Any]
        let nums = (object?["favorites"] as? [[String: Any]])?.compactMap { $0["num"] as? Int }.sorted()
        #expect(nums == [1, 2, 3, 4, 5, 124, 352, 353, 354, 403, 405, 472])
    }
}

/// Exit statuses collected from several threads.
final class ResultsBox: @unchecked Sendable {
    // The lock guards `values`.
    private let lock = NSLock()
    private var values: [Int32] = []

    var all: [Int32] { lock.withLock { values } }

    func add(_ value: Int32) {
        lock.withLock { values.append(value) }
    }
}
