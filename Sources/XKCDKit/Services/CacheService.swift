#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What is stored and how large, and clearing all of it but the favorites.
package struct CacheService: Sendable {
    /// Counts and sizes for `cache stats`.
    package var stats: @Sendable () throws -> CacheStats
    /// Deletes every comic, image and explanation that is not a favorite's and gives the
    /// space back; says what went and how the database's size changed.
    package var clear: @Sendable () throws -> CacheCleared
}

extension CacheService {
    /// The store and image files of `repository`.
    package static func live(_ repository: ComicRepository) -> CacheService {
        let store = repository.store
        let images = repository.images
        return CacheService(
            stats: {
                let counts = try store.counts()
                let explanations = try store.explanationTotals()
                return CacheStats(
                    comics: counts.comics, newest: try repository.knownNewestNumber(),
                    images: counts.images, imageBytes: counts.imageBytes,
                    imageCacheLimit: repository.imageCacheLimit, favorites: counts.favorites,
                    explanations: explanations.count, explanationBytes: explanations.bytes,
                    databaseBytes: store.fileBytes(),
                    dataDirectory: images.directory.deletingLastPathComponent().path,
                    clearable: try store.clearableItems())
            },
            clear: {
                let before = store.fileBytes()
                let cleared = try store.clearAllButFavorites()
                for file in cleared.imageFiles { images.remove(file) }
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
            })
    }
}
