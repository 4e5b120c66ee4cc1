import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Favorites, the image store, offline mode and cache management against a real loopback
/// server and a real SQLite file.
@Suite final class OfflineLibraryTests {
    private let workspace: Workspace
    var server: XKCDTestServer { workspace.server }
    var directory: URL { workspace.directory }
    let clock = ManualClock()

    init() throws {
        workspace = try Workspace("library")
    }

    var library: TestLibrary { TestLibrary(directory: directory, server: server, clock: clock) }

    var offlineLibrary: TestLibrary {
        var library = library
        library.offline = true
        return library
    }

    func card(_ outcome: Outcome) -> DisplayComic? {
        if case let .comic(comic) = outcome { return comic }
        return nil
    }

    @Test func favoritesWorkWithTheNetworkGone() async throws {
        let online = try library.session()
        for num in [353, 1608, 472] { _ = try await online.run(.favorite(.number(num))) }
        let served = try await CurlTransport(timeout: 5).get(
            URL(string: "\(server.baseURL.absoluteString)/imgs/comics/python.png")!
        ).body
        server.stop()

        let offline = try offlineLibrary.session()
        for num in [353, 1608, 472] {
            #expect(card(try await offline.run(.goto(.number(num))))?.num == num)
            #expect(card(try await offline.run(.show(.number(num))))?.num == num)
        }
        let image = try await offlineLibrary.source().image(
            of: try #require(try offlineLibrary.source().store.comic(353)))
        #expect(image.data == served)
        #expect(image.kind == .png)
        let saved = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        let outcome = try await offline.run(.save(.number(472), path: saved.path, force: false))
        #expect(
            outcome
                == .saved(
                    path: saved.appendingPathComponent("472-house-of-pancakes.png").path,
                    bytes: try Data(contentsOf: saved.appendingPathComponent("472-house-of-pancakes.png")).count))
        await #expect(throws: XKCDError.noImage(1608)) {
            try await offline.run(.save(.number(1608), path: saved.path, force: false))
        }

        // Without --offline, a dead server still leaves favorites readable.
        let online2 = try library.session()
        #expect(card(try await online2.run(.goto(.number(353))))?.num == 353)
    }

    @Test func latestOfflineOnAStoreThatCannotBeWrittenShowsTheNewestAndSaysWhatWasNotKept() async throws {
        let online = try library.session()
        _ = try await online.run(.latest)
        _ = try await online.run(.goto(.number(353)))
        let library = offlineLibrary
        let session = try library.session()
        // Readable but not writable, as a full disk leaves it: the visit cannot be kept, the comic is shown.
        try await session.source.store.writeWithoutTransaction { try $0.execute("PRAGMA query_only = ON") }
        #expect(card(try await session.run(.latest))?.num == 2665)
        let notices = library.notices.all
        #expect(notices.count == 2, "\(notices)")
        #expect(notices.first?.hasPrefix("note: not saved:") == true, "\(notices)")
        #expect(notices.last == "offline: showing the newest stored comic, #2665; newer ones may exist")
    }

    @Test func offlineMakesNoRequestAtAll() async throws {
        let online = try library.session()
        _ = try await online.run(.favorite(.number(353)))
        server.resetCounters()
        let offline = try offlineLibrary.session()
        _ = try await offline.run(.goto(.number(353)))
        await #expect(throws: XKCDError.notStoredOffline(354)) { try await offline.run(.next(1)) }
        _ = try await offline.run(.latest)
        await #expect(throws: XKCDError.notStoredOffline(1)) { try await offline.run(.goto(.number(1))) }
        _ = try await offline.run(.random)
        let library = offlineLibrary
        let notices = library.notices
        _ = try await library.session().run(.latest)
        #expect(server.requestCount == 0)
        #expect(notices.all.first?.hasPrefix("offline: showing the newest stored comic") == true)
    }

    @Test func aFailingNetworkServesStoredCopiesWithANotice() async throws {
        let library = library
        let session = try library.session()
        _ = try await session.run(.latest)
        clock.advance(by: 600)
        server.stop()
        #expect(card(try await session.run(.latest))?.num == 2665)
        #expect(library.notices.all.count == 1)
        #expect(library.notices.all[0].hasPrefix("offline: cannot connect to 127.0.0.1"))
        #expect(!library.notices.all[0].contains("\n"))
    }

    @Test func favoritesExportAndImportRoundTrip() async throws {
        let session = try library.session()
        for num in [1, 353, 472] {
            _ = try await session.run(.favorite(.number(num)))
            clock.advance(by: 60)
        }
        let exported = Renderer(width: 80, color: false, json: true).render(try await session.run(.favorites))
        let file = directory.appendingPathComponent("favs.json")
        try Data(exported.utf8).write(to: file)

        let elsewhere = try temporaryDirectory("import")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let other = try TestLibrary(directory: elsewhere, server: server, clock: clock).session()
        _ = try await other.run(.favorite(.number(2)))
        #expect(try await other.run(.importFavorites(path: file.path)) == .imported(added: 3, alreadyFavorites: 0))
        #expect(try await other.run(.importFavorites(path: file.path)) == .imported(added: 0, alreadyFavorites: 3))
        guard case let .favorites(original) = try await session.run(.favorites),
            case let .favorites(merged) = try await other.run(.favorites)
        else {
            Issue.record("expected favorites")
            return
        }
        #expect(merged.map(\.num).sorted() == [1, 2, 353, 472])
        for entry in original {
            let copy = try #require(merged.first { $0.num == entry.num })
            #expect(abs(copy.addedAt.timeIntervalSince(entry.addedAt)) < 1)
        }
    }

    @Test func badImportsChangeNothing() async throws {
        let session = try library.session()
        _ = try await session.run(.favorite(.number(1)))
        let cases: [(String, String)] = [
            ("truncated", #"{"favorites":[{"num":353,"title":"Pyth"#),
            ("wrong", #"{"comics":[1,2,3]}"#),
            ("badnum", #"{"favorites":[{"num":353},{"num":"two"}]}"#),
            ("negative", #"{"favorites":[{"num":-5}]}"#),
            ("baddate", #"{"favorites":[{"num":2,"added":"yesterday"}]}"#),
            ("missing", #"{"favorites":[{"num":2},{"num":404}]}"#),
        ]
        for (name, text) in cases {
            let file = directory.appendingPathComponent("\(name).json")
            try Data(text.utf8).write(to: file)
            await #expect(throws: XKCDError.self, "\(name)") {
                try await session.run(.importFavorites(path: file.path))
            }
        }
        // Relative paths are taken from the session's directory, and named as given.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        for (path, reason) in [
            ("nope.json", "no such file"), ("folder.json", "it is a directory, not a favorites file"),
            ("truncated.json/x", "no such file (a part of the path is not a directory)"),
        ] {
            await #expect(throws: XKCDError.file("cannot import \(path): \(reason)")) {
                try await session.run(.importFavorites(path: path))
            }
        }
        let listed = try await session.run(.favorites)
        guard case let .favorites(entries) = listed else {
            Issue.record("no favorites: \(listed)")
            return
        }
        #expect(entries.map(\.num) == [1], "nothing half-imported")
    }

    @Test func aFavoriteMadeOfflineGetsWhatItLacksOnline() async throws {
        _ = try await library.session().run(.goto(.number(2474)))
        let offline = try offlineLibrary.session()
        guard
            case .favoriteAdded(_, isNew: true, imageBytes: nil, storedNow: []) = try await offline.run(.favorite(nil))
        else {
            Issue.record("not added offline")
            return
        }
        let online = try library.session()
        let completed = try await online.run(.favorite(.number(2474)))
        let text = Renderer(width: 80, color: false, json: false).render(completed)
        #expect(
            text == "#2474 First Time Since Early 2020 is already a favorite; stored its image and explanation now\n")
        let source = try offlineLibrary.source()
        #expect(try source.store.image(of: 2474) != nil)
        #expect(try source.store.hasExplanation(2474))
        let again = try await online.run(.favorite(.number(2474)))
        #expect(
            Renderer(width: 80, color: false, json: false).render(again)
                == "#2474 First Time Since Early 2020 is already a favorite\n")
        let json = Renderer(width: 80, color: false, json: true).render(completed)
        #expect(json.contains(#""new":false,"#) && json.hasSuffix(#","stored_now":["image","explanation"]}"# + "\n"))
    }

    @Test func unfavOfANonFavoriteIsAnError() async throws {
        let session = try library.session()
        _ = try await session.run(.goto(.number(353)))
        await #expect(throws: XKCDError.notFavorite(353)) { try await session.run(.unfavorite(nil)) }
        await #expect(throws: XKCDError.noFavoriteTitled("python", favorites: 0)) {
            try await session.run(.unfavorite(.title("python")))
        }
        _ = try await session.run(.favorite(nil))
        #expect(try await session.run(.unfavorite(nil)) == .favoriteRemoved(ComicEntry(num: 353, title: "Python")))
    }

    @Test func evictionDropsLeastRecentlyUsedImagesButNeverAFavorites() async throws {
        var small = library
        let imageSize = SyntheticPNG.make().count
        small.imageCacheLimit = imageSize * 2
        let source = try small.source()
        let session = try small.session()
        _ = try await session.run(.favorite(.number(1)))
        for num in [2, 3, 4, 5] {
            clock.advance(by: 1)
            _ = try await source.image(of: try await source.comic(num))
        }
        let store = source.store
        #expect(try store.image(of: 1) != nil, "a favorite's image is never evicted")
        #expect(try store.image(of: 2) == nil)
        #expect(try store.image(of: 3) == nil)
        #expect(try store.image(of: 4) != nil)
        #expect(try store.image(of: 5) != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: source.images.directory.path).sorted()
        #expect(files == ["1.png", "4.png", "5.png"])
    }

    @Test func imagesAreDownloadedOnce() async throws {
        let source = try library.source()
        let comic = try await source.comic(353)
        _ = try await source.image(of: comic)
        _ = try await source.image(of: comic)
        #expect(server.requestLog.filter { $0.hasPrefix("/imgs/") }.count == 1)
    }

    @Test func badImagesAreNotStored() async throws {
        let source = try library.source()
        let comic = try await source.comic(353)
        server.setImage(Data("<html>gone</html>".utf8), at: "/imgs/comics/python.png")
        await #expect(throws: XKCDError.badData("the server sent something that is not an image for #353")) {
            try await source.image(of: comic)
        }
        #expect(try source.store.image(of: 353) == nil)
        var hostile = comic
        hostile.img = "file:///etc/passwd"
        await #expect(throws: XKCDError.self) { try await source.image(of: hostile) }
        server.setFault(.status(404), for: "/imgs/comics/python.png")
        server.setImage(nil, at: "/imgs/comics/python.png")
        await #expect(throws: XKCDError.self) { try await source.image(of: comic) }
        server.setFault(nil, for: "/imgs/comics/python.png")
        #expect(try await source.image(of: comic).kind == .png)
    }

    @Test func cacheClearKeepsFavorites() async throws {
        let session = try library.session()
        _ = try await session.run(.favorite(.number(353)))
        _ = try await session.run(.save(.number(1), path: directory.path, force: false))
        _ = try await session.run(.goto(.number(2)))
        let statsBefore = try await session.run(.cacheStats)
        guard case let .cacheStats(before) = statsBefore else {
            Issue.record("no cache stats: \(statsBefore)")
            return
        }
        #expect(before.comics == 4)
        #expect(before.images == 2)
        #expect(before.favorites == 1)
        #expect(before.databaseBytes > 0)
        guard case let .cacheCleared(cleared) = try await session.run(.cacheClear(skipConfirmation: true)) else {
            Issue.record("not cleared")
            return
        }
        #expect(cleared.deleted == ClearableItems(comics: 3, images: 1, explanations: 0))
        let statsAfter = try await session.run(.cacheStats)
        guard case let .cacheStats(after) = statsAfter else {
            Issue.record("no cache stats: \(statsAfter)")
            return
        }
        #expect(after.comics == 1)
        #expect(after.images == 1)
        #expect(after.favorites == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("images").path)
        #expect(files == ["353.png"])
        server.stop()
        let offline = try offlineLibrary.session()
        #expect(card(try await offline.run(.show(.number(353))))?.num == 353)
    }

    @Test func saveRefusesToOverwriteUnlessForced() async throws {
        let session = try library.session()
        _ = try await session.run(.goto(.number(353)))
        let first = try await session.run(.save(nil, path: nil, force: false))
        let expected = directory.appendingPathComponent("353-python.png").path
        #expect(first == .saved(path: expected, bytes: SyntheticPNG.make().count))
        await #expect(throws: XKCDError.file("\(expected) already exists — add --force to overwrite it")) {
            try await session.run(.save(nil, path: nil, force: false))
        }
        #expect(try await session.run(.save(nil, path: nil, force: true)) == first)
        let named = directory.appendingPathComponent("mine.png").path
        _ = try await session.run(.save(nil, path: named, force: false))
        #expect(FileManager.default.fileExists(atPath: named))
        await #expect(throws: XKCDError.self) {
            try await session.run(.save(nil, path: "/nonexistent-dir/x.png", force: false))
        }
    }

    @Test func twoWritersOnOneDataDirectoryLoseNothing() async throws {
        let first = try library.session()
        let second = try library.session()
        _ = try await first.run(.latest)
        let nums = [1, 2, 3, 4, 5, 352, 353, 354, 403, 405]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, num) in nums.enumerated() {
                let session = index.isMultiple(of: 2) ? first : second
                group.addTask { _ = try await session.run(.favorite(.number(num))) }
            }
            try await group.waitForAll()
        }
        let listedByFirst = try await first.run(.favorites)
        let listedBySecond = try await second.run(.favorites)
        guard case let .favorites(seenByFirst) = listedByFirst, case let .favorites(seenBySecond) = listedBySecond
        else {
            Issue.record("not two favorites lists: \(listedByFirst), \(listedBySecond)")
            return
        }
        #expect(seenByFirst.map(\.num).sorted() == nums)
        #expect(seenBySecond.map(\.num).sorted() == nums)
    }
}
