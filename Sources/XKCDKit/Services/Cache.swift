#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What is stored and how large, and clearing all of it but the favorites.
package struct Cache: Sendable {
    private let source: ComicSource

    /// The cache of `source`'s store and image files.
    package init(_ source: ComicSource) {
        self.source = source
    }

    /// Counts and sizes for `cache stats`.
    package func stats() throws -> CacheStats {
        let store = source.store
        let counts = try store.counts()
        let explanations = try store.explanationTotals()
        return CacheStats(
            comics: counts.comics, newest: try source.knownNewestNumber(),
            images: counts.images, imageBytes: counts.imageBytes,
            imageCacheLimit: source.imageCacheLimit, favorites: counts.favorites,
            explanations: explanations.count, explanationBytes: explanations.bytes,
            databaseBytes: store.fileBytes(),
            dataDirectory: source.images.directory.deletingLastPathComponent().path,
            clearable: try store.clearableItems())
    }

    /// Deletes every comic, image and explanation that is not a favorite's and gives the
    /// space back; says what went and how the database's size changed.
    package func clear() throws -> CacheCleared {
        let store = source.store
        let before = store.fileBytes()
        let cleared = try store.clearAllButFavorites()
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
            spaceNotReclaimed: notReclaimed)
    }
}
