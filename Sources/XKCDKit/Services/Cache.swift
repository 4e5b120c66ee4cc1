#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What is stored and how large, and clearing all of it but the favorites.
///
/// Image rows go before their files (a clear, an eviction) and come before them (a download),
/// so a process killed in between leaves only files that no row names; `stats` and `clear`
/// remove those, and the temporary files of writers that died, before counting.
struct Cache: Sendable {
    private let source: ComicSource
    private let settingsFile: URL?

    /// The cache of `source`'s store and image files; the temporary files a killed `set --save`
    /// left beside `settingsFile` are cleared with it.
    init(_ source: ComicSource, settingsFile: URL? = nil) {
        self.source = source
        self.settingsFile = settingsFile
    }

    /// Counts and sizes for `cache stats`: the images as they are on disk, after removing what
    /// killed processes left behind (unless `reclaiming` is false: the question before a clear).
    func stats(reclaiming: Bool = true) throws -> CacheStats {
        let store = source.store
        let sweep = try reclaimLeftovers(removing: reclaiming)
        if sweep.reclaimed.count > 0 {
            source.notify("note: removed \(sweep.reclaimed.text)")
        }
        let counts = try store.counts()
        let explanations = try store.explanationTotals()
        return CacheStats(
            comics: counts.comics, newest: try source.knownNewestNumber(),
            images: sweep.images.count, imageBytes: sweep.images.values.reduce(0, +),
            imageCacheLimit: source.imageCacheLimit, favorites: counts.favorites,
            explanations: explanations.count, explanationBytes: explanations.bytes,
            databaseBytes: store.fileBytes(),
            dataDirectory: source.images.directory.deletingLastPathComponent().path,
            clearable: try store.clearableItems())
    }

    /// Deletes every comic, image and explanation that is not a favorite's, and what killed
    /// processes left behind, and gives the space back; says what went and how the database's
    /// size changed. Killed at any point, the next clear finishes the work.
    func clear() throws -> CacheCleared {
        let store = source.store
        let before = store.fileBytes()
        // Leftovers first: on a full disk, where the rows cannot go, they at least give room.
        let leftovers = try reclaimLeftovers().reclaimed
        let cleared: (deleted: ClearableItems, imageFiles: [String])
        do {
            cleared = try store.clearAllButFavorites()
        } catch let error as XKCDError {
            // Only where the store sees every row: one read without its log might miss a favorite.
            guard store.seesEveryRow, let path = store.path, StoreErrors.fullDisk(at: path) != nil else { throw error }
            let freed = removeCachedImages()
            guard freed.count > 0 else { throw error }
            let removed = "removed \(freed.count) cached images (\(ByteCount.format(freed.bytes))) to make room"
            do {
                cleared = try store.clearAllButFavorites()
            } catch {
                throw XKCDError.storage(
                    "the disk holding the data directory was full: \(removed) — run 'cache clear' again to clear the rest"
                )
            }
            source.notify("note: the disk was full: \(removed) first")
        }
        for file in cleared.imageFiles { source.images.remove(file) }
        // What was deleted is gone either way: a failed rewrite (a full disk) is reported
        // with it, not instead of it.
        var notReclaimed: String?
        do {
            try store.reclaimSpace()
        } catch {
            notReclaimed = XKCDError.message(for: error)
        }
        return CacheCleared(
            deleted: cleared.deleted, databaseBytesBefore: before, databaseBytesAfter: store.fileBytes(),
            spaceNotReclaimed: notReclaimed, leftovers: leftovers)
    }

    // On a full disk, where SQLite has no room to delete the rows, the cached pictures go
    // first: a row whose file is missing only means the picture is fetched again, and the next
    // clear removes the row.
    private func removeCachedImages() -> ReclaimedFiles {
        let sizes = source.images.listing()
        var freed = ReclaimedFiles()
        for file in (try? source.store.clearableImageFiles()) ?? [] {
            guard let facts = sizes[file] else { continue }
            source.images.remove(file)
            freed.count += 1
            freed.bytes += facts.bytes
        }
        return freed
    }

    // Deletes the image files no row names and the temporary files no writer is writing
    // (unless not `removing`); returns what went and the sizes of the image files rows name.
    // The directory is listed before the rows are read: a file another process renames into
    // place meanwhile already has its row.
    private func reclaimLeftovers(removing: Bool = true) throws -> (
        reclaimed: ReclaimedFiles, images: [String: Int]
    ) {
        let images = source.images
        let files = images.listing()
        let named = try source.store.imageFileNames()
        let kept = files.filter { named.contains($0.key) }.mapValues(\.bytes)
        var reclaimed = ReclaimedFiles()
        guard removing else { return (reclaimed, kept) }
        // The files' own times, so the wall clock rather than the injected one.
        let now = Date()
        func isWriting(_ facts: [String: FileFacts]) -> (String, Int32) -> Bool {
            { name, pid in facts[name].map { LeftoverFiles.isWriting(pid, modified: $0.modified, now: now) } ?? true }
        }
        // A store read as it stands on a full disk may not see rows still in its log: a file it
        // cannot name may be one of those, so only temporary files go then.
        let candidates = LeftoverFiles.inImageDirectory(Array(files.keys), named: named, isWriting: isWriting(files))
        let seesEveryRow = source.store.seesEveryRow
        for name in candidates where seesEveryRow || LeftoverFiles.writer(ofTemporary: name) != nil {
            images.remove(name)
            reclaimed.count += 1
            reclaimed.bytes += files[name]?.bytes ?? 0
        }
        // A linked settings file is written beside the file the link names.
        if let settingsFile = settingsFile?.resolvingSymlinksInPath() {
            let directory = settingsFile.deletingLastPathComponent()
            let settingsName = settingsFile.lastPathComponent
            // The settings file may share a large folder (a home directory): only names that
            // look like its temporary files are looked at.
            let beside = LeftoverFiles.regularFiles(in: directory) { name in
                LeftoverFiles.writer(ofTemporary: name, settingsName: settingsName) != nil
            }
            for name in LeftoverFiles.besideSettings(
                Array(beside.keys), settingsName: settingsName, isWriting: isWriting(beside))
            {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
                reclaimed.count += 1
                reclaimed.bytes += beside[name]?.bytes ?? 0
            }
        }
        return (reclaimed, kept)
    }
}
