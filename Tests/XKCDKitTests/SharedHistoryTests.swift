import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Sessions sharing one store, as processes share one data directory: each keeps its own
/// back and forward, and the visit history holds every session's visits in the order made.
@Suite struct SharedHistoryTests {
    private func history(_ session: Session) async throws -> [Int] {
        guard case let .history(entries, _) = try await session.run(.history(limit: nil)) else {
            Issue.record("history gave no list")
            return []
        }
        return entries.map(\.num)
    }

    private func visit(_ session: Session, _ nums: Int...) async throws {
        for num in nums { _ = try await session.run(.goto(.number(num))) }
    }

    @Test func aSessionWritingAgainKeepsTheVisitsOfAnother() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 20))
        let repl = harness.session()
        try await visit(repl, 1, 2)
        let oneShot = harness.session()
        try await visit(oneShot, 9)
        try await visit(repl, 3)
        #expect(try await history(repl) == [3, 9, 2, 1])
        #expect(try await history(harness.session()) == [3, 9, 2, 1])
    }

    @Test func eachSessionKeepsItsOwnBackAndForward() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 20))
        let first = harness.session()
        try await visit(first, 1, 2)
        let second = harness.session()
        try await visit(second, 10, 11)
        #expect(shownNumber(try await first.run(.back)) == 1)
        #expect(shownNumber(try await first.run(.forward)) == 2)
        #expect(shownNumber(try await second.run(.back)) == 10)
        #expect(try await history(first) == [10, 2, 1, 11])
    }

    @Test func aNewSessionStartsFromTheLastComicVisitedByAny() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 20))
        let repl = harness.session()
        try await visit(repl, 4, 5)
        let oneShot = harness.session()
        try await visit(oneShot, 12)
        try await visit(repl, 6)
        #expect(shownNumber(try await harness.session().run(.next(1))) == 7)
        // Going again to the comic it shows makes it the last one visited, though nothing moved.
        try await visit(harness.session(), 15)
        try await visit(repl, 6)
        #expect(shownNumber(try await harness.session().run(.back)) == 5, "the REPL's own back stack")
        #expect(shownNumber(try await harness.session().run(.next(1))) == 6)
    }
}

/// The visits as the store keeps them: one row a visit, listed most recent first, each comic once.
@Suite struct VisitStoreTests {
    @Test func historyIsMostRecentFirstWithoutDuplicates() throws {
        let store = try ComicStore.inMemory()
        for num in [1, 2, 3, 2, 4] { try store.recordVisit(num, at: Date(), state: "\(num)|||", keeping: 1000) }
        #expect(try store.visitedComics(limit: nil) == ([4, 2, 3, 1], 4))
        #expect(try store.visitedComics(limit: 2).numbers == [4, 2])
        #expect(try store.state(.browsingState) == "4|||", "the state of the last move")
        #expect(try store.seenNumbers() == [1, 2, 3, 4], "a visit marks the comic read")
    }

    @Test func visitsAreListedInTheOrderMadeWhateverTheClockSays() throws {
        let store = try ComicStore.inMemory()
        try store.recordVisit(7, at: Date(timeIntervalSince1970: 2000), state: "", keeping: 1000)
        try store.recordVisit(8, at: Date(timeIntervalSince1970: 1000), state: "", keeping: 1000)
        #expect(try store.visitedComics(limit: nil).numbers == [8, 7])
    }

    @Test func aVisitToTheComicVisitedLastAddsNoRow() throws {
        let store = try ComicStore.inMemory()
        for num in [5, 5, 6, 6] { try store.recordVisit(num, at: Date(), state: "", keeping: 1000) }
        #expect(try store.read { db in try db.value("SELECT count(*) FROM visit", as: Int.self) } == 2)
    }

    @Test func onlyTheLatestVisitsAreKept() throws {
        let store = try ComicStore.inMemory()
        for num in 1...30 { try store.recordVisit(num, at: Date(), state: "", keeping: 10) }
        #expect(try store.visitedComics(limit: nil) == (Array((21...30).reversed()), 10))
    }
}
