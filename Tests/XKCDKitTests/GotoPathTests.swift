import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// What a stored `goto` costs the store, counted through SQLite's trace of every statement: as
/// a one-shot `xkcd goto 353` runs it, on a file of its own.
@Suite struct GotoPathTests {
    @Test func aStoredGotoIsOneReadAndOneWriteOnOneConnection() async throws {
        let directory = try ScratchDirectory("goto-path")
        let file = directory.url.appendingPathComponent("xkcd.sqlite3")
        let archive = try ComicArchive.fixtures()
        do {
            // An earlier run went to #1 and showed #353, which stored it.
            let harness = try SessionHarness(archive: archive, store: try ComicStore.open(at: file))
            _ = try await harness.session().run(.goto(.number(1)))
            _ = try await harness.session().run(.show(.number(353)))
        }
        let trace = SQLiteTrace()
        let outcome = try await SQLiteConnection.$trace.withValue(trace) {
            let harness = try SessionHarness(
                archive: archive, store: try ComicStore.open(at: file, readerBeside: false))
            let outcome = try await harness.session().run(.goto(.number(353)))
            #expect(harness.transport.requests.isEmpty, "nothing fetched")
            return outcome
        }
        #expect(shownNumber(outcome) == 353)
        #expect(trace.connections == 1)
        let transactions = trace.statements.filter { $0.hasPrefix("BEGIN") }
        #expect(transactions == ["BEGIN DEFERRED", "BEGIN IMMEDIATE"], "\(trace.statements)")

        // The visit, the read mark and the state to carry on from were all written.
        let store = try ComicStore.open(at: file)
        #expect(try store.visitedComics(limit: nil).numbers.first == 353)
        #expect(try store.seenNumbers().contains(353))
        #expect(try store.browsingState().flatMap(SessionState.init(encoded:))?.current == 353)
    }

    @Test func aGotoToAComicNotStoredFetchesItAndVisitsIt() async throws {
        let directory = try ScratchDirectory("goto-fetch")
        let file = directory.url.appendingPathComponent("xkcd.sqlite3")
        let harness = try SessionHarness(
            archive: try ComicArchive.fixtures(), store: try ComicStore.open(at: file, readerBeside: false))
        let outcome = try await harness.session().run(.goto(.number(353)))
        #expect(shownNumber(outcome) == 353)
        #expect(try harness.store.visitedComics(limit: nil).numbers == [353])
        #expect(try harness.store.seenNumbers() == [353])
    }
}
