import Foundation
import TestSupport
import Testing

/// explainxkcd's real pages and xkcd's real images (real-data beside the checkout) where a user
/// meets them: a loopback server serves the real archive (PyPI's xkcd-comicdb, which `make test`
/// names in `XKCD_TEST_COMICDB`, with the live samples past it) with those pages and images;
/// the built binary syncs them into its data directory, then reads every page offline.
@Suite(.serialized) struct RealDataEndToEndTests {
    static let database = ProcessInfo.processInfo.environment["XKCD_TEST_COMICDB"] ?? ""

    /// The real archive and the live samples, served with the real pages of its comics.
    final class Served {
        let server: XKCDTestServer
        let xkcd: XKCDBinary
        let data: RealData
        /// The comics whose real pages are served.
        let pages: [Int]

        init() throws {
            data = try RealData()
            let file = URL(fileURLWithPath: RealDataEndToEndTests.database)
            try #require(
                FileManager.default.fileExists(atPath: file.path),
                "XKCD_TEST_COMICDB names \(file.path), which does not exist (scripts/fetch-comicdb.sh fetches it)")
            var archive = try ComicArchive.comicDatabase(at: file)
            let live = try ComicArchive.fixtures(at: ComicArchive.locateFixtures().appendingPathComponent("live"))
            archive.bodies.merge(live.bodies) { _, sample in sample }
            server = try XKCDTestServer(archive: archive)
            pages = server.serveRealPages(try data.pages())
            xkcd = try XKCDBinary(baseURL: server.baseURL)
        }

        deinit {
            server.stop()
            xkcd.cleanUp()
        }
    }

    // The `--json` documents of one offline run of `command N` for each of `numbers`, by number.
    private func documents(_ command: String, _ numbers: [Int], of xkcd: XKCDBinary) throws -> [Int: [String: Any]] {
        let run = try xkcd.run(["--json", "--offline"], stdin: numbers.map { "\(command) \($0)\n" }.joined())
        #expect(run.status == 0, "\(command): \(run.errorLines.prefix(5))")
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == numbers.count, "one document a command: \(lines.count) for \(numbers.count)")
        var byNumber: [Int: [String: Any]] = [:]
        for (num, line) in zip(numbers, lines) {
            let document = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(document?["num"] as? Int == num, "\(command) \(num): \(line.prefix(200))")
            byNumber[num] = document
        }
        return byNumber
    }

    @Test(
        .enabled(if: !database.isEmpty, "XKCD_TEST_COMICDB is unset: make test fetches the real archive and names it"))
    func everyRealPageSyncedOverHTTPReadsOfflineWithoutMarkup() throws {
        let served = try Served()
        let reference = try ReferenceText()
        let archived = served.server.archive.bodies.keys.filter { $0 <= 3174 }.sorted()
        #expect(served.pages == archived && archived.count >= 2664, "the archive's comics have their real pages")
        let sync = try served.xkcd.run(["--json", "sync", "--explanations"])
        try #require(sync.status == 0, "sync failed: \(sync.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any]
        #expect(summary?["explanations_fetched"] as? Int == served.pages.count)
        #expect((summary?["explanations_failed"] as? [Int])?.isEmpty == true)

        var faults: [String] = []
        var recalls: [Double] = []
        for (num, document) in try documents("explain", served.pages, of: served.xkcd) {
            let text = document["text"] as? String ?? ""
            for piece in reference.leftovers(of: num, in: text) {
                faults.append("explain \(num): \(piece) in \(WikiLeftovers.context(of: piece, in: text))")
            }
            if let found = reference.recall(of: num, in: text) { recalls.append(found.recall) }
        }
        var community = 0
        for (num, document) in try documents("transcript", served.pages, of: served.xkcd)
        where document["source"] as? String == "explainxkcd" {
            // xkcd's own transcripts are shown as xkcd writes them, `[[scene]]` and `{{Title text}}` too.
            community += 1
            let text = document["transcript"] as? String ?? ""
            for piece in reference.leftovers(of: num, in: text, transcript: true) {
                faults.append("transcript \(num): \(piece) in \(WikiLeftovers.context(of: piece, in: text))")
            }
        }
        #expect(faults.isEmpty, "\(faults.count) leftovers:\n\(faults.prefix(40).joined(separator: "\n"))")
        #expect(community >= 1000, "explainxkcd's transcripts stand in for the ones xkcd lacks")
        let sorted = recalls.sorted()
        try #require(sorted.count >= 2500)
        #expect(sorted[sorted.count / 10] >= 0.98, "recall p10 \(sorted[sorted.count / 10])")
    }

    @Test(
        .enabled(if: !database.isEmpty, "XKCD_TEST_COMICDB is unset: make test fetches the real archive and names it"))
    func everyRealImageFetchedOverHTTPIsSavedByteForByte() throws {
        let served = try Served()
        let images = try served.data.images()
        let numbers = try served.server.serveRealImages(images)
        #expect(numbers.count >= 200, "most of the real images belong to comics the archive holds")
        let directory = served.xkcd.dataDirectory.appendingPathComponent("saved", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = numbers.map { "save \($0) \(directory.path)/\($0)\n" }.joined()
        let run = try served.xkcd.run([], stdin: script)
        #expect(run.status == 0, "\(run.errorLines.prefix(5))")
        let files = Dictionary(images.map { ($0.num, $0.file) }) { first, _ in first }
        for num in numbers {
            let saved = try? Data(contentsOf: directory.appendingPathComponent("\(num)"))
            #expect(saved == (try Data(contentsOf: try #require(files[num]))), "#\(num)'s saved image")
        }
    }
}
