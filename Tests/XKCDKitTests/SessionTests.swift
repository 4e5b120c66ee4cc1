import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// The session over in-memory services: no socket, no database file.
@Suite struct SessionTests {
    private func num(_ session: Session, _ command: Command) async throws -> Int? {
        shownNumber(try await session.run(command))
    }

    @Test func latestAndFirstAskOnlyWhatIsNotStored() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 12))
        let session = harness.session()
        #expect(try await num(session, .latest) == 12)
        #expect(try await num(session, .first) == 1)
        #expect(try await num(session, .latest) == 12)
        #expect(harness.transport.requests == ["/info.0.json", "/1/info.0.json"])
    }

    @Test func nextAndPrevStepOverMissingNumbers() async throws {
        let harness = try SessionHarness(archive: ComicArchive.synthetic(count: 12).filter { $0 != 7 })
        let session = harness.session()
        _ = try await session.run(.goto(.number(6)))
        #expect(try await num(session, .next(1)) == 8)
        #expect(try await num(session, .previous(1)) == 6)
        // #7 is known absent now: it does not count as a step.
        #expect(try await num(session, .next(2)) == 9)
        #expect(harness.transport.requests.filter { $0 == "/7/info.0.json" }.count == 1)
    }

    @Test func nextNeverAsksFor404() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 406))
        let session = harness.session()
        _ = try await session.run(.goto(.number(403)))
        #expect(try await num(session, .next(1)) == 405)
        #expect(try await num(session, .previous(1)) == 403)
        #expect(!harness.transport.requests.contains("/404/info.0.json"))
    }

    @Test func navigationStopsAtBothEnds() async throws {
        let harness = try SessionHarness(archive: ComicArchive.synthetic(count: 5).filter { $0 != 1 })
        let session = harness.session()
        await #expect(throws: XKCDError.noCurrentComic) { try await session.run(.next(1)) }
        #expect(harness.transport.requests.isEmpty)
        _ = try await session.run(.goto(.number(2)))
        await #expect(throws: XKCDError.noComicBeyond(2, forward: false)) { try await session.run(.previous(1)) }
        await #expect(throws: XKCDError.noSuchComic(1, newest: 5)) { try await session.run(.first) }
        _ = try await session.run(.goto(.number(5)))
        await #expect(throws: XKCDError.atNewest(5)) { try await session.run(.next(1)) }
        await #expect(throws: XKCDError.noSuchComic(6, newest: 5)) { try await session.run(.goto(.number(6))) }
        #expect(session.current == 5)
    }

    @Test func backAndForwardBehaveLikeABrowser() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 6))
        let session = harness.session()
        for target in 1...3 { _ = try await session.run(.goto(.number(target))) }
        #expect(try await num(session, .back) == 2)
        #expect(try await num(session, .back) == 1)
        await #expect(throws: XKCDError.nothingToGo(back: true)) { try await session.run(.back) }
        #expect(try await num(session, .forward) == 2)
        _ = try await session.run(.goto(.number(5)))
        await #expect(throws: XKCDError.nothingToGo(back: false)) { try await session.run(.forward) }
        let history = try await session.run(.history(limit: nil))
        #expect(history == .history([5, 2, 1, 3].map { ComicEntry(num: $0, title: "Comic \($0)") }, total: 4))
    }

    @Test func theStateIsKeptForTheNextSession() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 6))
        let first = harness.session()
        _ = try await first.run(.goto(.number(3)))
        _ = try await first.run(.goto(.number(4)))
        let second = harness.session()
        #expect(second.current == 4)
        #expect(try await num(second, .back) == 3)
    }

    @Test func randomNeverRepeatsAndSkipsMissingNumbers() async throws {
        let harness = try SessionHarness(archive: ComicArchive.synthetic(count: 5).filter { $0 != 3 })
        let session = harness.session(roll: { _ in 0 })
        var picked: [Int?] = []
        for _ in 0..<4 { picked.append(try await num(session, .random)) }
        #expect(picked == [1, 2, 4, 5])
        // Every comic seen: the round starts over, still without the missing one.
        #expect(try await num(session, .random) == 1)
        #expect(harness.transport.requests.filter { $0 == "/3/info.0.json" }.count == 1)
    }

    @Test func nextUnreadWrapsAroundAndSkipsMissingNumbers() async throws {
        let harness = try SessionHarness(archive: ComicArchive.synthetic(count: 6).filter { $0 != 4 })
        let session = harness.session()
        _ = try await session.run(.goto(.number(2)))
        _ = try await session.run(.goto(.number(5)))
        #expect(try await num(session, .nextUnread) == 6)
        #expect(try await num(session, .nextUnread) == 1)
        #expect(try await num(session, .nextUnread) == 3)
        await #expect(throws: XKCDError.cannotDo("no unread comic found after #3")) {
            try await session.run(.nextUnread)
        }
        await #expect(throws: XKCDError.cannotDo("you have seen all 5 comics")) { try await session.run(.nextUnread) }
    }

    @Test func unreadCountsWhatWasNotShown() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 8))
        let session = harness.session()
        _ = try await session.run(.goto(.number(2)))
        let entries = [1, 3, 4, 5, 6].map { ComicEntry(num: $0, title: "Comic \($0)") }
        #expect(try await session.run(.unread) == .unread(UnreadSummary(unread: 7, total: 8, first: entries)))
    }

    @Test func favoritesAreAddedListedAndRemoved() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 5, titles: [3: "Barrel"]))
        let session = harness.session()
        let barrel = ComicEntry(num: 3, title: "Barrel")
        let bytes = harness.image.count
        #expect(
            try await session.run(.favorite(.number(3)))
                == .favoriteAdded(barrel, isNew: true, imageBytes: bytes, storedNow: [.image]))
        #expect(
            try await session.run(.favorite(.number(3)))
                == .favoriteAdded(barrel, isNew: false, imageBytes: bytes, storedNow: []))
        guard case let .favorites(list) = try await session.run(.favorites) else {
            Issue.record("no list")
            return
        }
        #expect(list.map(\.num) == [3])
        #expect(list.map(\.title) == ["Barrel"])
        #expect(list.map(\.addedAt) == [harness.clock.now])
        #expect(try await session.run(.unfavorite(.title("barrel"))) == .favoriteRemoved(barrel))
        await #expect(throws: XKCDError.notFavorite(3)) { try await session.run(.unfavorite(.number(3))) }
        #expect(try await session.run(.favorites) == .favorites([]))
    }

    @Test func aFavoriteWhoseImageFailsIsKeptWithANotice() async throws {
        var harness = try SessionHarness(archive: .synthetic(count: 5))
        harness.failingImages = [2]
        let session = harness.session()
        let added = try await session.run(.favorite(.number(2)))
        #expect(
            added == .favoriteAdded(ComicEntry(num: 2, title: "Comic 2"), isNew: true, imageBytes: nil, storedNow: []))
        #expect(harness.notices.all.contains { $0.hasPrefix("note: the image of #2 was not stored") })
    }

    @Test func favoritesImportAllOrNothing() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 5))
        try harness.write(
            Data(#"{"favorites": [{"num": 2, "added": "2026-11-22T09:10:00Z"}, {"num": 4}]}"#.utf8), to: "favs.json")
        try harness.write(Data(#"{"favorites": [{"num": 3}, {"num": 9}]}"#.utf8), to: "bad.json")
        let session = harness.session()
        await #expect(throws: XKCDError.file("cannot import nope.json: no such file")) {
            try await session.run(.importFavorites(path: "nope.json"))
        }
        let failure = await #expect(throws: XKCDError.self) {
            try await session.run(.importFavorites(path: "bad.json"))
        }
        #expect(failure?.localizedDescription.contains("nothing imported: #9") == true)
        #expect(try await session.run(.favorites) == .favorites([]))
        #expect(try await session.run(.importFavorites(path: "favs.json")) == .imported(added: 2, alreadyFavorites: 0))
        #expect(try await session.run(.importFavorites(path: "favs.json")) == .imported(added: 0, alreadyFavorites: 2))
        guard case let .favorites(list) = try await session.run(.favorites) else {
            Issue.record("no list")
            return
        }
        #expect(Set(list.map(\.num)) == [2, 4])
        #expect(list.first { $0.num == 4 }?.addedAt == harness.clock.now)
    }

    @Test func cacheStatsCountWhatIsStoredAndClearKeepsFavorites() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 12))
        let session = harness.session()
        for target in 1...3 { _ = try await session.run(.goto(.number(target))) }
        _ = try await session.run(.favorite(.number(2)))
        guard case let .cacheStats(stats) = try await session.run(.cacheStats) else {
            Issue.record("no stats")
            return
        }
        // The newest comic was stored on the way, to learn where the archive ends.
        #expect(stats.comics == 4)
        #expect(stats.newest == 12)
        #expect(stats.favorites == 1)
        #expect(stats.databaseBytes == 0, "in memory")
        #expect(stats.dataDirectory == harness.directory.url.path)
        let cleared = CacheCleared(
            deleted: ClearableItems(comics: 3, images: 0, explanations: 0), databaseBytesBefore: 0,
            databaseBytesAfter: 0)
        #expect(try await session.run(.cacheClear(skipConfirmation: true)) == .cacheCleared(cleared))
        guard case let .cacheStats(after) = try await session.run(.cacheStats) else {
            Issue.record("no stats")
            return
        }
        #expect(after.comics == 1)
        #expect(after.favorites == 1)
    }

    @Test func titlesResolveToOneComicOrChoices() async throws {
        let titles = [1: "Python", 2: "Python Environment", 3: "Barrel"]
        let harness = try SessionHarness(archive: .synthetic(count: 5, titles: titles))
        let session = harness.session()
        for target in 1...3 { _ = try await session.run(.goto(.number(target))) }
        #expect(try await num(session, .goto(.title("barrel"))) == 3)
        #expect(try await num(session, .goto(.title("python"))) == 1, "an exact title wins over longer ones")
        let choices = try await session.run(.show(.title("pyth")))
        #expect(choices == .choices(query: "pyth", [1, 2].map { ComicEntry(num: $0, title: titles[$0]) }))
        #expect(session.current == 1)
        await #expect(throws: XKCDError.noTitleMatch("zzz", stored: 4)) { try await session.run(.goto(.title("zzz"))) }
    }

    @Test func aTitleOrSearchMissingFromAFewStoredComicsSuggestsASync() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 10, titles: [10: "Barrel"]))
        let session = harness.session()
        _ = try await session.run(.latest)
        let missing = XKCDError.noTitleAmongFew("Python", stored: 1, newest: 10)
        await #expect(throws: missing) { try await session.run(.goto(.title("Python"))) }
        #expect(
            missing.localizedDescription
                == "no comic titled 'Python': only 1 comic is stored (the newest is #10) — 'sync' "
                + "stores every title, or try a number")
        _ = try await session.run(.search("python"))
        #expect(harness.notices.all.contains("note: only 1 comic is stored; run 'sync' to search them all"))
        #expect(!harness.notices.all.contains { $0.contains("1 comics") })
    }

    @Test func saveNamesTheFileAfterTheComic() async throws {
        let harness = try SessionHarness(archive: .synthetic(count: 5, titles: [3: "Barrel"]))
        let session = harness.session()
        let saved = try await session.run(.save(.number(3), path: nil, force: false))
        let path = harness.directory.url.appendingPathComponent("3-barrel.png").path
        #expect(saved == .saved(path: path, bytes: harness.image.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == harness.image)
    }
}
