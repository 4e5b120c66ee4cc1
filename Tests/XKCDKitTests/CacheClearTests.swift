import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `cache clear` on a real SQLite file filled by `sync`: what it deletes, what
/// it keeps, the disk space it gives back, and how it says so.
@Suite final class CacheClearTests {
    private let workspace: Workspace
    let clock = ManualClock()
    static let size = 300

    init() throws {
        workspace = try Workspace("clear", archive: .synthetic(count: Self.size))
        workspace.server.serveGeneratedExplanations()
    }

    var library: TestLibrary { TestLibrary(directory: workspace.directory, server: workspace.server, clock: clock) }

    /// The database file and its write-ahead log, in bytes, as `ls -l` adds them up.
    func databaseBytes() throws -> Int {
        let path = workspace.directory.appendingPathComponent("xkcd.sqlite3").path
        return try [path, path + "-wal"].reduce(0) { total, file in
            guard FileManager.default.fileExists(atPath: file) else { return total }
            return total + (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0)
        }
    }

    @Test func clearingGivesTheSpaceBackAndSaysWhatWent() async throws {
        let session = try library.session()
        guard case let .synced(summary) = try await session.run(.sync(images: false, explanations: true)) else {
            Issue.record("no sync")
            return
        }
        #expect(summary.explanationsFetched == Self.size)
        _ = try await session.run(.favorite(.number(7)))
        _ = try await session.run(.save(.number(8), path: workspace.directory.path, force: false))
        let statsOutcome = try await session.run(.cacheStats)
        guard case let .cacheStats(stats) = statsOutcome else {
            Issue.record("no cache stats: \(statsOutcome)")
            return
        }
        #expect(stats.clearable == ClearableItems(comics: Self.size - 1, images: 1, explanations: Self.size - 1))
        let before = try databaseBytes()
        #expect(stats.databaseBytes == before)

        let outcome = try await session.run(.cacheClear(skipConfirmation: true))
        let after = try databaseBytes()
        // Deleting alone leaves the file as large (its log grows by the deletes).
        #expect(after < before / 4, "\(before) → \(after) bytes")
        let deleted = ClearableItems(comics: Self.size - 1, images: 1, explanations: Self.size - 1)
        #expect(
            outcome
                == .cacheCleared(CacheCleared(deleted: deleted, databaseBytesBefore: before, databaseBytesAfter: after))
        )

        // The favorite is whole and still found; nothing else is.
        let leftOutcome = try await session.run(.cacheStats)
        guard case let .cacheStats(left) = leftOutcome else {
            Issue.record("no cache stats: \(leftOutcome)")
            return
        }
        #expect(left.comics == 1 && left.explanations == 1 && left.images == 1 && left.favorites == 1)
        #expect(left.clearable == ClearableItems(comics: 0, images: 0, explanations: 0))
        #expect(left.databaseBytes == after)
        let searched = try await session.run(.search("alt"))
        guard case let .searchResults(_, hits, _, _, _) = searched else {
            Issue.record("no search results: \(searched)")
            return
        }
        #expect(hits.map(\.num) == [7])
    }

    @Test func aPictureArrivingForAComicAClearRemovedSaysSoAndKeepsNothing() async throws {
        let source = try await library.session().source
        let comic = try await source.comic(8)
        // Another process's clear, between the comic and its picture.
        _ = try source.store.clearAllButFavorites()
        let error = await #expect(throws: XKCDError.self) { try await source.image(of: comic) }
        #expect(
            error.map(XKCDError.message(for:))?.contains("#8 was removed from the store") == true,
            "\(String(describing: error))")
        #expect(try source.store.imageFileNames().isEmpty)
        #expect(source.images.listing().isEmpty)
        #expect(try source.store.recordImage(num: 8, file: "8.png", bytes: 3, kind: .png, at: Date()) == false)
    }

    @Test func theQuestionAndTheReportCountWhatGoes() {
        let text = Renderer(width: 80, color: false, json: false)
        var stats = CacheStats(
            comics: 2_605, newest: 2_665, images: 12, imageBytes: 900_000, imageCacheLimit: 500_000_000, favorites: 5,
            explanations: 2_605, explanationBytes: 17_000_000, databaseBytes: 20_100_000, dataDirectory: "/d",
            clearable: ClearableItems(comics: 2_600, images: 7, explanations: 2_600))
        func question(_ stats: CacheStats) -> String {
            text.question(
                Confirmation(question: .clearCache(stats), command: .cacheClear(skipConfirmation: true), declined: ""))
        }
        #expect(
            question(stats)
                == "Delete 2,600 comics, 7 images and 2,600 explanations (the database is 20 MB)? Favorites are kept.")
        stats.clearable = ClearableItems(comics: 1, images: 1, explanations: 1_000_000)
        #expect(question(stats).hasPrefix("Delete 1 comic, 1 image and 1,000,000 explanations "))

        let cleared = CacheCleared(
            deleted: ClearableItems(comics: 2_600, images: 0, explanations: 2_600), databaseBytesBefore: 20_100_000,
            databaseBytesAfter: 1_200_000)
        #expect(
            text.render(.cacheCleared(cleared))
                == "deleted 2,600 comics, 0 images and 2,600 explanations; favorites kept\n"
                + "the database went from 20 MB to 1.2 MB\n")
        let json = Renderer(width: 80, color: false, json: true).render(.cacheCleared(cleared))
        #expect(
            json
                == #"{"deleted_comics":2600,"deleted_images":0,"deleted_explanations":2600,"#
                + #""database_bytes_before":20100000,"database_bytes_after":1200000,"space_not_reclaimed":null,"#
                + #""leftover_files":0,"leftover_bytes":0}"# + "\n")
        var withLeftovers = cleared
        withLeftovers.leftovers = ReclaimedFiles(count: 1_204, bytes: 52_000_000)
        #expect(
            text.render(.cacheCleared(withLeftovers)).contains(
                "\nalso removed 1204 files an interrupted clear or download left behind (52 MB)\n"))
        var full = cleared
        full.spaceNotReclaimed = "database or disk is full"
        #expect(
            text.render(.cacheCleared(full)).hasSuffix(
                "\nits space was not given back (database or disk is full); 'cache clear' again gives it back once "
                    + "there is room\n"))
        let nothing = CacheCleared(
            deleted: ClearableItems(comics: 0, images: 0, explanations: 0), databaseBytesBefore: 90_000,
            databaseBytesAfter: 90_100)
        #expect(
            text.render(.cacheCleared(nothing))
                == "deleted 0 comics, 0 images and 0 explanations; favorites kept\nthe database stayed at 90 KB\n")
    }

    /// Image files named by no row (a clear killed after its rows went), temporary files of
    /// writers that died (an image download, `set --save`), and what is not the program's.
    private func leaveLeftovers() throws -> (images: URL, settings: URL) {
        let images = workspace.directory.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let dead = String(Self.deadPID, radix: 16, uppercase: true)
        for (name, size) in [("42.png", 4_000), ("43.jpg", 2_000), (".dat.nosync\(dead).Ab3dE9", 1_000)] {
            try Data(repeating: 1, count: size).write(to: images.appendingPathComponent(name))
        }
        // pid 1 is running: its temporary file may be renamed into place any moment.
        // A user's own files, which are not the program's.
        for name in [".dat.nosync1.Xy7abc", ".keep", "IMG_0001.jpg", "0353.png", "7.png.orig", "notes.txt"] {
            try Data("x".utf8).write(to: images.appendingPathComponent(name))
        }
        for name in [".config.toml.\(Self.deadPID).tmp", ".config.toml.1.tmp", "config.toml"] {
            try Data("x".utf8).write(to: workspace.directory.appendingPathComponent(name))
        }
        return (images, workspace.directory)
    }

    static let usersFiles: Set = ["IMG_0001.jpg", "0353.png", "7.png.orig", "notes.txt"]

    // A pid no process can have: above the kernel's limit.
    static let deadPID: Int32 = 2_000_000_000

    private func names(in directory: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    @Test func clearRemovesWhatKilledProcessesLeftBehind() async throws {
        let session = try library.session()
        _ = try await session.run(.sync(images: false, explanations: false))
        _ = try await session.run(.favorite(.number(7)))
        let (images, settings) = try leaveLeftovers()
        guard case let .cacheCleared(cleared) = try await session.run(.cacheClear(skipConfirmation: true)) else {
            Issue.record("no clear")
            return
        }
        #expect(cleared.leftovers == ReclaimedFiles(count: 4, bytes: 4_000 + 2_000 + 1_000 + 1))
        #expect(try names(in: images) == Self.usersFiles.union(["7.png", ".dat.nosync1.Xy7abc", ".keep"]))
        let besideSettings = try names(in: settings)
        #expect(!besideSettings.contains(".config.toml.\(Self.deadPID).tmp"))
        #expect(besideSettings.isSuperset(of: [".config.toml.1.tmp", "config.toml"]))
    }

    @Test func statsCountTheImagesOnDiskAfterRemovingLeftovers() async throws {
        let library = library
        let session = try library.session()
        _ = try await session.run(.sync(images: false, explanations: false))
        _ = try await session.run(.favorite(.number(7)))
        _ = try await session.run(.image(.number(9), ImageOptions(), withCard: false))
        let (images, _) = try leaveLeftovers()
        // A row whose file is gone (a download killed between the two) counts for nothing.
        try FileManager.default.removeItem(at: images.appendingPathComponent("9.png"))
        guard case let .cacheStats(stats) = try await session.run(.cacheStats) else {
            Issue.record("no stats")
            return
        }
        let favorite = try #require(
            try FileManager.default.attributesOfItem(atPath: images.appendingPathComponent("7.png").path)[.size] as? Int
        )
        #expect(stats.images == 1 && stats.imageBytes == favorite)
        #expect(try names(in: images) == Self.usersFiles.union(["7.png", ".dat.nosync1.Xy7abc", ".keep"]))
        #expect(library.notices.all.contains { $0.hasPrefix("note: removed 4 files an interrupted clear") })
    }

    @Test func temporaryFilesAreKnownByTheirWritersPID() {
        #expect(LeftoverFiles.writer(ofTemporary: ".dat.nosync3A2F.aB3dE9") == 0x3A2F)
        #expect(LeftoverFiles.writer(ofTemporary: ".dat.nosync3A2F.aB3") == nil)
        #expect(LeftoverFiles.writer(ofTemporary: ".dat.nosyncXYZ.aB3dE9") == nil)
        #expect(LeftoverFiles.writer(ofTemporary: ".config.toml.123.tmp", settingsName: "config.toml") == 123)
        #expect(LeftoverFiles.writer(ofTemporary: ".config.toml.123.tmp") == nil)
        #expect(LeftoverFiles.writer(ofTemporary: ".other.toml.123.tmp", settingsName: "config.toml") == nil)
        #expect(LeftoverFiles.writer(ofTemporary: "353.png") == nil)
        for name in ["353.png", "1.jpg", "2.gif", "3.webp"] { #expect(ImageFiles.isComicFileName(name), "\(name)") }
        for name in [
            "IMG_0001.jpg", "0353.png", "-1.png", "0.png", "353.jpeg", "353.png.orig", "353", ".353.png", "a.png",
        ] {
            #expect(!ImageFiles.isComicFileName(name), "\(name)")
        }
        let entries = ["1.png", "2.png", ".dat.nosync10.abcdef", ".dat.nosync20.abcdef", ".hidden"]
        #expect(
            LeftoverFiles.inImageDirectory(entries, named: ["1.png"], isWriting: { _, pid in pid == 0x20 })
                == ["2.png", ".dat.nosync10.abcdef"])
        // A running process's pid on a file an hour old is another writer's, one that is gone.
        let now = Date()
        #expect(LeftoverFiles.isWriting(getpid(), modified: now.addingTimeInterval(-60), now: now))
        #expect(!LeftoverFiles.isWriting(getpid(), modified: now.addingTimeInterval(-3600), now: now))
        #expect(!LeftoverFiles.isWriting(Self.deadPID, modified: now, now: now))
    }

    @Test func aPlainSyncStoresThePagesAndAsksForOneTheWikiLacksOnceADay() async throws {
        workspace.server.withdrawExplanation(Self.size)
        let session = try library.session()
        guard case let .synced(first) = try await session.run(.sync(images: false)) else {
            Issue.record("no sync")
            return
        }
        #expect(first.explanationsFetched == Self.size - 1 && first.explanationsMissing == [Self.size])
        workspace.server.resetCounters()
        guard case let .synced(again) = try await session.run(.sync(images: false)) else { return }
        #expect(again.explanationsMissing.isEmpty && workspace.server.explainQueryCount == 0, "asked again at once")
        clock.advance(by: ExplanationSyncer.incompleteMaxAge + 1)
        guard case let .synced(later) = try await session.run(.sync(images: false)) else { return }
        #expect(later.explanationsMissing == [Self.size] && workspace.server.explainQueryCount == 1)
        guard case let .synced(without) = try await session.run(.sync(images: false, explanations: false)) else {
            return
        }
        #expect(without.explanationRequests == 0)
    }
}
