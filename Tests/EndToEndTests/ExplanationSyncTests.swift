import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// `sync` through the binary against the loopback wiki's batch API: every
/// page stored in ⌈pages/50⌉ requests, nothing fresh fetched twice, answers cut for size,
/// throttling, and what the stored pages give offline (transcript, explain, search).
@Suite(.serialized) final class ExplanationSyncTests: LoopbackSuite {
    let loopback: Loopback
    /// The fixture comics, less #404: each has a page (the real excerpts, generated for the rest).
    let pages: Int

    init() throws {
        loopback = try Loopback()
        loopback.server.serveGeneratedExplanations()
        pages = loopback.server.archive.bodies.keys.filter { $0 != 404 }.count
    }

    func sync(_ arguments: String...) throws -> JSONValue {
        let run = try xkcd.run(["--json", "sync"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONReader.parse(Array(run.stdout.utf8))
    }

    @Test func everyPageArrivesInFiftiesAndASecondSyncFetchesNothing() throws {
        let first = try sync("--explanations")
        #expect(first["explanations_fetched"]?.integer == pages)
        #expect(first["explanation_requests"]?.integer == (pages + 49) / 50)
        #expect(server.explainQueryCount == (pages + 49) / 50)
        #expect(first["explanations_failed"]?.array?.isEmpty == true)
        server.resetCounters()
        let second = try sync("--explanations")
        #expect(second["explanations_fetched"]?.integer == 0)
        #expect(second["explanation_requests"]?.integer == 0)
        #expect(server.explainQueryCount == 0, "nothing is fresh enough to ask again")
        let stats = try JSONReader.parse(Array(try xkcd.run(["--json", "cache"]).stdout.utf8))
        #expect(stats["explanations"]?.integer == pages)
        #expect((stats["explanation_bytes"]?.integer ?? 0) > pages * 1000)
    }

    @Test func storedPagesServeTranscriptExplainAndSearchOffline() throws {
        _ = try sync("--explanations")
        let own = try xkcd.run(["--offline", "--json", "transcript", "353"])
        #expect(own.stdout.contains(#""source":"xkcd""#), "\(own.stderr)")
        let community = try xkcd.run(["--offline", "transcript", "2000"])
        #expect(community.status == 0 && !community.stdout.isEmpty, "\(community.stderr)")
        #expect(community.stderr.contains("transcript by explainxkcd's community"))
        let json = try xkcd.run(["--offline", "--json", "transcript", "2000"])
        #expect(json.stdout.contains(#""source":"explainxkcd""#))
        #expect(try xkcd.run(["--offline", "explain", "2000"]).status == 0)
        // "sanitization" is only in #327's explanation (the real page's excerpt).
        let found = try xkcd.run(["--offline", "--json", "search", "sanitization"])
        let hits = try JSONReader.parse(Array(found.stdout.utf8))["hits"]?.array ?? []
        #expect(hits.prefix(3).contains { $0["num"]?.integer == 327 && $0["matched"]?.string == "explanation" })
        let text = try xkcd.run(["--offline", "search", "sanitization"])
        #expect(text.stdout.contains("· in the explanation"))
    }

    @Test func answersCutForSizeAreCompletedWithContinue() throws {
        server.explainMaxResultSize = 20_000
        let synced = try sync("--explanations")
        #expect(synced["explanations_fetched"]?.integer == pages)
        #expect((synced["explanation_requests"]?.integer ?? 0) > (pages + 49) / 50, "continuations were asked")
        #expect(synced["explanation_requests"]?.integer == server.explainQueryCount)
    }

    @Test func throttlingIsWaitedOutAsRetryAfterSays() throws {
        server.setFault(.unavailable(retryAfter: 1), for: "/wiki/api.php", times: 1)
        server.setFault(.maxlag(retryAfter: 1, lag: 7), for: "/wiki/api.php", times: 1)
        server.setFault(.status(429, headers: ["Retry-After": "1"]), for: "/wiki/api.php", times: 1)
        let synced = try sync("--explanations")
        #expect(synced["explanations_fetched"]?.integer == pages)
        #expect(synced["explanations_failed"]?.array?.isEmpty == true)
        #expect(server.requestLog.filter { $0.contains("action=query") }.count == (pages + 49) / 50 + 3)
    }
}

/// `sync` over more pages than one batch: a wiki that is down, and Ctrl-C.
@Suite(.serialized) final class ExplanationSyncInterruptionTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 160))
        loopback.server.serveGeneratedExplanations()
        #expect(try xkcd.run(["sync", "--no-explanations"]).status == 0)
        loopback.server.resetCounters()
    }

    func storedExplanations() throws -> Int {
        try JSONReader.parse(Array(try xkcd.run(["--json", "cache"]).stdout.utf8))["explanations"]?.integer ?? -1
    }

    @Test func aWikiThatIsDownIsAskedTwiceAndTheRestLeftForTheNextSync() throws {
        server.setFault(.body("<html>down for maintenance</html>"), for: "/wiki/api.php", times: 1000)
        let failed = try xkcd.run(["--json", "sync", "--explanations"])
        #expect(failed.status == 1)
        let document = try JSONReader.parse(Array(failed.stdout.utf8))
        #expect(document["explanations_failed"]?.array?.count == 160)
        #expect(document["explanations_fetched"]?.integer == 0)
        #expect(document["explanation_error"]?.string == "explainxkcd sent something that is not JSON")
        #expect(server.requestLog.filter { $0.contains("action=query") }.count == 2, "two batches, then it stops")
        server.clearFaults()
        let text = try xkcd.run(["sync", "--explanations"])
        #expect(text.stdout.contains("160 explanations stored (4 requests to explainxkcd)"), "\(text.stdout)")
    }

    @Test func ctrlCKeepsTheBatchesThatArrivedAndTheNextSyncFetchesTheRest() async throws {
        // The first batch comes at once; the next ones take a minute.
        server.setFault(.delay(.milliseconds(1)), for: "/wiki/api.php", times: 1)
        server.setFault(.delay(.seconds(60)), for: "/wiki/api.php", times: 100)
        let process = try xkcd.start(["--timeout", "120", "sync", "--explanations"])
        let deadline = Date().addingTimeInterval(600)
        while try storedExplanations() < 50, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try #require(try storedExplanations() == 50, "the first batch was never stored")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        server.clearFaults()
        #expect(try storedExplanations() == 50, "what arrived was kept")
        server.resetCounters()
        let resumed = try JSONReader.parse(Array(try xkcd.run(["--json", "sync", "--explanations"]).stdout.utf8))
        #expect(resumed["explanations_fetched"]?.integer == 110)
        #expect(resumed["explanation_requests"]?.integer == 3)
    }
}
