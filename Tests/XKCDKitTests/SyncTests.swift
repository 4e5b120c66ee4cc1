import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Sync against a loopback server holding a contiguous archive, with faults.
@Suite final class SyncTests {
    private let workspace: Workspace
    var server: XKCDTestServer { workspace.server }
    var directory: URL { workspace.directory }
    let clock = ManualClock()
    static let size = 300

    init() throws {
        var archive = ComicArchive.synthetic(count: Self.size)
        archive.bodies[150] = nil
        workspace = try Workspace("sync", archive: archive)
    }

    func sync(jobs: Int = 8, images: Bool = false) async throws -> SyncSummary {
        guard
            case let .synced(summary) = try await TestLibrary(directory: directory, server: server, clock: clock)
                .session().run(.sync(images: images, jobs: jobs))
        else {
            Issue.record("expected a sync summary")
            throw CancellationError()
        }
        return summary
    }

    func storedCount() throws -> Int {
        try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3")).comicCount()
    }

    // A sync commits every 200 comics or every second. Comics up to 200 come at 5 ms each;
    // those above are never answered, so a sync cannot end on its own (before its requests
    // time out) while a test acts on it after the first commit, however slow the machine.
    static let stalledAbove = 200
    func stallTheServer() {
        server.setFaultForAllPaths(.delay(.milliseconds(5)))
        server.setFault(.hang, forComics: Self.stalledAbove + 1..<Self.size)
    }

    // Under the sanitizers, blocking end-to-end tests can starve a sync for minutes: this
    // waits for its first commit however long that takes.
    func waitForAStoredBatch() async throws {
        let deadline = Date().addingTimeInterval(600)
        while (try? storedCount()) ?? 0 <= 1, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(try storedCount() > 1, "nothing was committed within 600 s")
    }

    // Every stored comic, found by the number in its title ("Comic 42").
    func everyComicIsFoundByItsTitle() throws {
        let store = try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3"))
        for num in try store.storedNumbers().sorted() {
            let title = try #require(try store.comic(num)?.title)
            let word = try #require(title.split(separator: " ").last.map(String.init))
            let hits = try store.search(SearchQuery.ftsExpression(word) ?? "", ranking: .relevance, limit: Self.size)
                .hits
            #expect(hits.contains { $0.num == num }, "#\(num) not found by \(word)")
        }
    }

    @Test func twoSyncsAtOnceEachReportWhatTheyStored() async throws {
        // Slow answers keep both syncs in flight together.
        server.setFaultForAllPaths(.delay(.milliseconds(2)))
        let library = TestLibrary(directory: directory, server: server, clock: clock)
        async let first = library.session().run(.sync(images: false, jobs: 4))
        async let second = library.session().run(.sync(images: false, jobs: 4))
        let outcomes = try await [first, second]
        server.setFaultForAllPaths(nil)
        guard case let .synced(a) = outcomes[0], case let .synced(b) = outcomes[1] else {
            Issue.record("expected two sync summaries: \(outcomes)")
            return
        }
        #expect(a.stored == Self.size - 1 && b.stored == Self.size - 1)
        // The newest came with each one's first request; every other comic was new to one of them.
        #expect(a.fetched + b.fetched == Self.size - 2, "\(a.fetched) + \(b.fetched)")
        #expect(try storedCount() == Self.size - 1)
    }

    @Test func everyBatchIsSearchable() async throws {
        _ = try await sync()
        try everyComicIsFoundByItsTitle()
    }

    @Test func fetchesEverythingOnceAndResumesWithNothing() async throws {
        let first = try await sync()
        #expect(
            first.stored == Self.size - 1 && first.fetched == Self.size - 2, "the newest arrives first, then the rest")
        #expect(first.missing == [150])
        #expect(first.failed.isEmpty)
        #expect(first.isComplete)
        let comicRequests = server.requestLog.filter { $0.hasSuffix("/info.0.json") && $0 != "/info.0.json" }
        #expect(comicRequests.count == Self.size - 1, "each number asked once, the newest through /info.0.json")
        #expect(Set(comicRequests).count == comicRequests.count)
        server.resetCounters()
        let second = try await sync()
        #expect(second.fetched == 0)
        #expect(second.missing == [150])
        #expect(
            server.requestLog == ["/info.0.json", "/150/info.0.json"],
            "a second sync asks only for the newest and the number that was missing")
        #expect(try storedCount() == Self.size - 1)
    }

    @Test func comicsStoredBeforeExtraPartsWereRecordedAreFetchedOnceMore() async throws {
        _ = try await sync()
        // As a store written before extra_parts was recorded holds them.
        let store = try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3"))
        try store.write { db in try db.execute("UPDATE comic SET extra_parts = NULL WHERE num IN (7, 8)") }
        #expect(try store.numbersWithoutExtraParts() == [7, 8])
        server.resetCounters()
        let again = try await sync()
        #expect(again.fetched == 0, "fetched again, but not new to the store")
        #expect(Set(server.requestLog) == ["/info.0.json", "/7/info.0.json", "/8/info.0.json", "/150/info.0.json"])
        #expect(try store.numbersWithoutExtraParts().isEmpty)
        #expect(try store.comic(7)?.extraParts == false)
        server.resetCounters()
        _ = try await sync()
        #expect(!server.requestLog.contains("/7/info.0.json"), "once")
    }

    @Test func transientFailuresAreRetriedAndPermanentOnesReported() async throws {
        server.setFault(.status(503, headers: ["Retry-After": "0"]), for: "/10/info.0.json")
        server.setFault(.closeImmediately, for: "/20/info.0.json")
        let first = try await sync()
        #expect(first.failed == [10, 20])
        #expect(!first.isComplete)
        #expect(server.requestLog.filter { $0 == "/10/info.0.json" }.count == 5, "one try and four retries")
        #expect(try storedCount() == Self.size - 3)
        server.clearFaults()
        let second = try await sync()
        #expect(second.fetched == 2)
        #expect(second.isComplete)
        #expect(try storedCount() == Self.size - 1, "nothing duplicated or lost")
    }

    @Test func aConnectionDropMidRunResumes() async throws {
        stallTheServer()
        let library = TestLibrary(directory: directory, server: server, clock: clock)
        let session = try library.session()
        let task = Task { try await session.run(.sync(images: false, jobs: 4)) }
        // The drop must come after a commit.
        try await waitForAStoredBatch()
        server.stop()
        let outcome = try await task.value
        guard case let .synced(summary) = outcome else {
            Issue.record("not a sync summary: \(outcome)")
            return
        }
        #expect(!summary.isComplete)
        let stored = try storedCount()
        #expect(stored > 0 && stored < Self.size - 1)

        let restarted = try XKCDTestServer(archive: server.archive)
        defer { restarted.stop() }
        let again = TestLibrary(directory: directory, server: restarted, clock: clock)
        let resumedOutcome = try await again.session().run(.sync(images: false, jobs: 8))
        guard case let .synced(resumed) = resumedOutcome else {
            Issue.record("not a sync summary: \(resumedOutcome)")
            return
        }
        #expect(resumed.isComplete)
        #expect(resumed.stored == Self.size - 1)
        #expect(try storedCount() == Self.size - 1)
    }

    @Test func cancellingEndsTheRequestsInFlightAndKeepsWhatArrived() async throws {
        stallTheServer()
        // Requests beyond the stall are never answered and would time out after an hour: only
        // cancelling can end them within the test's patience.
        let session = try TestLibrary(directory: directory, server: server, clock: clock, timeout: 3600).session()
        let task = Task { try await session.run(.sync(images: false, jobs: 4)) }
        // Cancel once something is committed and requests are stuck in the stall.
        try await waitForAStoredBatch()
        try #require(
            try await server.waitForRequest(to: "/\(Self.stalledAbove + 1)/info.0.json"),
            "the sync never reached the stall")
        task.cancel()
        let outcome = try await waitPatiently(for: task, "the sync was still waiting for its requests after the cancel")
        guard case let .synced(summary) = outcome else {
            Issue.record("not a sync summary: \(String(describing: outcome))")
            return
        }
        #expect(summary.cancelled)
        #expect(summary.fetched > 0 && summary.fetched < Self.stalledAbove, "nothing from beyond the stall")
        #expect(try storedCount() == summary.fetched + 1, "everything that arrived was kept (plus the newest)")
    }

    @Test func imagesToo() async throws {
        let summary = try await sync(images: true)
        #expect(summary.imagesFetched == Self.size - 1)
        let counts = try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3")).counts()
        #expect(counts.images == Self.size - 1)
    }

    @Test func anImageThatFailsIsNamedWithWhy() async throws {
        server.setFault(.status(500), for: "/imgs/comics/comic_7.png")
        let summary = try await sync(images: true)
        #expect(summary.imagesFailed == [7])
        let reason = try #require(summary.imageError)
        #expect(reason.hasPrefix("#7: ") && reason.contains("500"), "\(reason)")
    }
}
