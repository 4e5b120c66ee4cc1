import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// The session against a real loopback server and a real SQLite file.
@Suite final class SessionIntegrationTests {
    private let workspace: Workspace
    var server: XKCDTestServer { workspace.server }
    var directory: URL { workspace.directory }
    let clock = ManualClock()

    init() throws {
        workspace = try Workspace("session")
    }

    func makeSession(timeout: TimeInterval = 5, roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) })
        throws -> Session
    {
        try TestLibrary(directory: directory, server: server, clock: clock, timeout: timeout).session(roll: roll)
    }

    func comic(_ outcome: Outcome) -> DisplayComic? {
        if case let .comic(comic) = outcome { return comic }
        return nil
    }

    @Test func aComicOnceFetchedIsNeverFetchedAgain() async throws {
        let session = try makeSession()
        _ = try await session.run(.goto(.number(353)))
        let afterFirst = server.requestLog.filter { $0 == "/353/info.0.json" }.count
        #expect(afterFirst == 1)
        _ = try await session.run(.show(.number(353)))
        _ = try await session.run(.goto(.number(1)))
        _ = try await session.run(.back)
        let fresh = try makeSession()
        _ = try await fresh.run(.show(.number(353)))
        #expect(server.requestLog.filter { $0 == "/353/info.0.json" }.count == 1)
    }

    @Test func latestIsReaskedOnlyAfterAFewMinutes() async throws {
        let session = try makeSession()
        _ = try await session.run(.latest)
        _ = try await session.run(.latest)
        #expect(server.requestLog.filter { $0 == "/info.0.json" }.count == 1)
        clock.advance(by: 301)
        _ = try await session.run(.latest)
        #expect(server.requestLog.filter { $0 == "/info.0.json" }.count == 2)
    }

    @Test func nextAndPrevSkipTheMissing404() async throws {
        let session = try makeSession()
        _ = try await session.run(.goto(.number(403)))
        #expect(comic(try await session.run(.next(1)))?.num == 405)
        #expect(comic(try await session.run(.previous(1)))?.num == 403)
        await #expect(throws: XKCDError.noSuchComic(404, newest: 2665)) { try await session.run(.goto(.number(404))) }
    }

    @Test func navigationStopsAtBothEnds() async throws {
        let session = try makeSession()
        _ = try await session.run(.first)
        await #expect(throws: XKCDError.atFirst) { try await session.run(.previous(1)) }
        let newest = try #require(comic(try await session.run(.latest))).num
        await #expect(throws: XKCDError.atNewest(newest)) {
            try await session.run(.next(1))
        }
        await #expect(throws: XKCDError.noSuchComic(newest + 1, newest: newest)) {
            try await session.run(.goto(.number(newest + 1)))
        }
    }

    @Test func randomNeverLandsOn404() async throws {
        // The roll asks for the slot 404 would have: first #403, then (404 excluded) #405.
        let session = try makeSession(roll: { _ in 402 })
        for _ in 0..<2 {
            let num = try #require(comic(try await session.run(.random))).num
            #expect(num != 404)
        }
        guard case let .history(entries, _) = try await session.run(.history(limit: nil)) else {
            Issue.record("history gave no list")
            return
        }
        #expect(entries.map(\.num) == [405, 403], "no repeat within a session")
    }

    @Test func stateSurvivesARestart() async throws {
        let session = try makeSession()
        _ = try await session.run(.goto(.number(1)))
        _ = try await session.run(.goto(.number(353)))
        let restarted = try makeSession()
        #expect(restarted.current == 353)
        #expect(comic(try await restarted.run(.back))?.num == 1)
    }

    @Test func gotoByTitleAmongStoredComics() async throws {
        let session = try makeSession()
        for n in [1, 2, 353] { _ = try await session.run(.goto(.number(n))) }
        #expect(comic(try await session.run(.goto(.title("python"))))?.num == 353)
        #expect(comic(try await session.run(.goto(.title("barrel - part 1"))))?.num == 1)
        #expect(comic(try await session.run(.goto(.title("petit"))))?.num == 2, "a unique prefix")
        let choices = try await session.run(.goto(.title("p")))
        #expect(
            choices
                == .choices(
                    query: "p",
                    [
                        ComicEntry(num: 2, title: "Petit Trees (sketch)"),
                        ComicEntry(num: 353, title: "Python"),
                    ]))
        // Four of the archive's 2665: a sync would find what the title lookup cannot.
        await #expect(throws: XKCDError.noTitleAmongFew("abc", stored: 4, newest: 2665)) {
            try await session.run(.goto(.title("abc")))
        }
    }

    @Test func serverErrorsAreReportedAndNothingIsStored() async throws {
        let session = try makeSession()
        _ = try await session.run(.latest)
        server.setFault(.status(500), for: "/2/info.0.json")
        await #expect(throws: XKCDError.self) { try await session.run(.goto(.number(2))) }
        #expect(server.requestLog.filter { $0 == "/2/info.0.json" }.count == 2, "one retry for a 5xx")
        server.setFault(.body("{\"num\": \"two\"}"), for: "/2/info.0.json")
        await #expect(throws: XKCDError.self) { try await session.run(.goto(.number(2))) }
        server.setFault(nil, for: "/2/info.0.json")
        #expect(comic(try await session.run(.goto(.number(2))))?.num == 2)
    }

    @Test func aRequestInFlightCanBeCancelled() async throws {
        // The request is never answered and times out only after an hour: the cancel alone
        // can end it.
        let session = try makeSession(timeout: 3600)
        _ = try await session.run(.latest)
        server.setFault(.hang, for: "/5/info.0.json")
        let task = Task { try await session.run(.goto(.number(5))) }
        try #require(try await server.waitForRequest(to: "/5/info.0.json"))
        task.cancel()
        await #expect(throws: XKCDError.cancelled) {
            _ = try await waitPatiently(for: task, "the cancelled request went on")
        }
        #expect(session.current != 5)
    }

    @Test func refusedConnectionsAndTimeoutsAreOneLine() async throws {
        let session = try makeSession(timeout: 1)
        _ = try await session.run(.latest)
        server.setFault(.hang, for: "/6/info.0.json")
        do {
            _ = try await session.run(.goto(.number(6)))
            Issue.record("expected a timeout")
        } catch let error as XKCDError {
            #expect(error.localizedDescription.contains("did not answer within 1s"))
        }
        server.stop()
        do {
            _ = try await session.run(.goto(.number(7)))
            Issue.record("expected a refused connection")
        } catch let error as XKCDError {
            #expect(error.localizedDescription.contains("connection refused"))
            #expect(!error.localizedDescription.contains("\n"))
        }
    }
}

/// A clock tests move by hand.
final class ManualClock: @unchecked Sendable {
    // The lock guards `date`, read from the session's executor.
    private let lock = NSLock()
    private var date = Date(timeIntervalSince1970: 1_700_000_000)

    var now: Date { lock.withLock { date } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { date += seconds }
    }
}
