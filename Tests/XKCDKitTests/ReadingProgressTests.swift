import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// New-comic checks and reading progress against the loopback server, whose newest comic
/// the tests change, with a manual clock.
@Suite struct ReadingProgressTests {
    private func newComics(_ outcome: Outcome) -> NewComics? {
        if case let .newComics(report, _) = outcome { return report }
        return nil
    }

    @Test func checkReportsEachNewComicOnceAndTheFirstCheckNothing() async throws {
        let workspace = try Workspace("check")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()

        #expect(newComics(try await session.run(.check(notify: false))) == NewComics(comics: [], newest: 2665))
        #expect(newComics(try await session.run(.check(notify: false)))?.comics == [])

        workspace.server.publishComic(num: 2666, title: "Lava Lamp")
        workspace.server.publishComic(num: 2667, title: "Sheet Bend")
        let report = newComics(try await session.run(.check(notify: false)))
        #expect(
            report
                == NewComics(
                    comics: [ComicEntry(num: 2666, title: "Lava Lamp"), ComicEntry(num: 2667, title: "Sheet Bend")],
                    newest: 2667))
        // Two checks in a row report a new comic once, and a fresh session remembers it.
        #expect(newComics(try await session.run(.check(notify: false)))?.comics == [])
        #expect(newComics(try await library.session().run(.check(notify: false)))?.comics == [])
    }

    @Test func aSyncIsNoCheck() async throws {
        let workspace = try Workspace("sync-then-check")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()
        // Synced before any check: the first check counts from the newest the sync stored.
        _ = try await session.run(.sync(images: false, explanations: false))
        workspace.server.publishComic(num: 2666, title: "Lava Lamp")
        #expect(
            newComics(try await session.run(.check(notify: false)))?.comics == [
                ComicEntry(num: 2666, title: "Lava Lamp")
            ])
        // Stored by a sync after the last check: still new to the check.
        workspace.server.publishComic(num: 2667, title: "Sheet Bend")
        library.clock.advance(by: 3600)
        _ = try await session.run(.sync(images: false, explanations: false))
        #expect(
            newComics(try await session.run(.check(notify: false)))?.comics == [
                ComicEntry(num: 2667, title: "Sheet Bend")
            ])
        #expect(newComics(try await session.run(.check(notify: false)))?.comics == [])
    }

    @Test func checksAreConditionalOnceTheServerSentValidators() async throws {
        let workspace = try Workspace("conditional")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()
        _ = try await session.run(.check(notify: false))
        workspace.server.resetCounters()
        _ = try await session.run(.check(notify: false))
        let headers = workspace.server.requestHeaders(forRequest: 0)
        #expect(headers["if-none-match"] != nil)
        #expect(workspace.server.requestLog == ["/info.0.json"])
    }

    @Test func comicsAlreadySeenAreNotAnnounced() async throws {
        let workspace = try Workspace("seen-new")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()
        _ = try await session.run(.check(notify: false))
        workspace.server.publishComic(num: 2666, title: "Lava Lamp")
        workspace.server.publishComic(num: 2667, title: "Sheet Bend")
        library.clock.advance(by: 3600)
        _ = try await session.run(.goto(.number(2667)))
        #expect(
            newComics(try await session.run(.check(notify: false)))?.comics == [
                ComicEntry(num: 2666, title: "Lava Lamp")
            ])
    }

    @Test func startUpAnnouncesNewComicsAndGoesToTheNewest() async throws {
        let workspace = try Workspace("startup")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let first = try library.session()
        #expect(await first.startUp() == nil)
        _ = try await first.run(.goto(.number(353)))
        #expect(try await library.session().startUp() == nil)
        #expect(try library.session().current == 353)

        for num in 2666...2672 { workspace.server.publishComic(num: num, title: "New \(num)") }
        let next = try library.session()
        let report = await next.startUp()
        #expect(report?.comics.map(\.num) == Array(2666...2672))
        #expect(report?.comics.prefix(5).allSatisfy { $0.title != nil } == true)
        // Beyond the first five, only titles already stored (the newest is).
        #expect(report?.comics.dropFirst(5).map(\.title) == [nil, "New 2672"])
        #expect(next.current == 2672)
        // The newest is current, not shown: still unread.
        #expect(try !library.source().seenNumbers().contains(2672))
        let notice = Renderer(width: 200, color: false, json: false).newComicsNotice(
            report!, since: "since your last visit")
        #expect(
            notice
                == "7 new comics since your last visit: #2666 New 2666, #2667 New 2667, #2668 New 2668, #2669 New 2669, #2670 New 2670 and 2 more\n"
        )
    }

    @Test func theBackgroundCheckRunsOnlyWhenDueOnTheInjectedClock() async throws {
        let workspace = try Workspace("watcher")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()
        let clock = library.clock
        let watcher = NewComicWatcher(interval: 1800, now: { clock.now }, check: { await session.backgroundCheck() })
        await watcher.started(with: await session.startUp())
        #expect(await watcher.takePending().isEmpty)

        workspace.server.publishComic(num: 2666, title: "Lava Lamp")
        workspace.server.resetCounters()
        clock.advance(by: 1799)
        await watcher.tick()
        #expect(workspace.server.requestCount == 0)
        #expect(await watcher.takePending().isEmpty)

        clock.advance(by: 1)
        await watcher.tick()
        let notices = await watcher.takePending()
        #expect(notices.map(\.report.comics) == [[ComicEntry(num: 2666, title: "Lava Lamp")]])
        #expect(notices.first?.atStart == false)
        #expect(await watcher.takePending().isEmpty)

        clock.advance(by: 1800)
        await watcher.tick()
        #expect(await watcher.takePending().isEmpty)
    }

    // The REPL's first prompt waits for the start-up check: the wait ends when the check is in,
    // at its limit, or when its task is cancelled, whichever comes first, and says which. (That
    // it ends at once rather than at a poll's next tick is a matter of time: `make bench` shows
    // it, in the REPL's start-up row beside its floor.)
    @Test func theStartUpWaitEndsWhenTheCheckIsInOrItIsCancelled() async throws {
        let watcher = NewComicWatcher(interval: 0, now: { Date() }, check: { nil })
        let waiting = Task { await watcher.waitForStart(upTo: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(5))
        await watcher.started(with: nil)
        #expect(await waiting.value, "the wait ran to its limit although the check was in")
        #expect(await watcher.waitForStart(upTo: .seconds(20)))

        let unstarted = NewComicWatcher(interval: 0, now: { Date() }, check: { nil })
        let cancelled = Task { await unstarted.waitForStart(upTo: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(5))
        cancelled.cancel()
        #expect(await cancelled.value == false)
        #expect(await unstarted.waitForStart(upTo: .milliseconds(1)) == false)
    }

    @Test func unreadCountsWhatWasShownAcrossRestarts() async throws {
        let workspace = try Workspace("unread")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()
        _ = try await session.run(.first)
        _ = try await session.run(.next(1))
        _ = try await session.run(.show(.number(4)))
        guard case let .unread(summary) = try await library.session().run(.unread) else {
            Issue.record("no summary")
            return
        }
        // 2665 comics without #404, less #1, #2 and #4.
        #expect(summary.total == 2664)
        #expect(summary.unread == 2661)
        // The first few with titles; numbers the server does not have (this one has few
        // comics) are skipped, and only the first 20 unread numbers are tried.
        #expect(summary.first.map(\.num) == [3, 5])
        #expect(summary.first.first?.title == "Island (sketch)")

        let restarted = try library.session()
        guard case let .comic(next) = try await restarted.run(.nextUnread) else {
            Issue.record("no comic")
            return
        }
        #expect(next.num == 3)
        guard case let .comic(after) = try await restarted.run(.nextUnread) else {
            Issue.record("no comic")
            return
        }
        #expect(after.num == 5)
    }

    @Test func nextUnreadWrapsAroundAndCheckNeedsTheNetwork() async throws {
        let workspace = try Workspace("wrap")
        let library = TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
        let session = try library.session()
        _ = try await session.run(.latest)
        guard case let .comic(wrapped) = try await session.run(.nextUnread) else {
            Issue.record("no comic")
            return
        }
        #expect(wrapped.num == 1)

        var offline = library
        offline.offline = true
        await #expect(throws: XKCDError.self) { try await offline.session().run(.check(notify: false)) }
    }
}
