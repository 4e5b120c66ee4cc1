import Foundation

/// What is stored and how large, and clearing all of it but the favorites.
public struct CacheService: Sendable {
    /// Counts and sizes for `cache stats`.
    public var stats: @Sendable () throws -> CacheStats
    /// Deletes every comic, image and explanation that is not a favorite's; returns the counts.
    public var clear: @Sendable () throws -> (comics: Int, images: Int)
}

extension CacheService {
    /// The store and image files of `repository`.
    public static func live(_ repository: ComicRepository) -> CacheService {
        let store = repository.store
        let images = repository.images
        return CacheService(
            stats: {
                let counts = try store.counts()
                let explanations = try store.explanationTotals()
                let databaseBytes =
                    store.path.map { path in
                        [path, path + "-wal"].reduce(0) { total, file in total + (fileSize(file) ?? 0) }
                    } ?? 0
                return CacheStats(
                    comics: counts.comics, newest: try repository.knownNewestNumber(),
                    images: counts.images, imageBytes: counts.imageBytes,
                    imageCacheLimit: repository.imageCacheLimit, favorites: counts.favorites,
                    explanations: explanations.count, explanationBytes: explanations.bytes,
                    databaseBytes: databaseBytes,
                    dataDirectory: images.directory.deletingLastPathComponent().path)
            },
            clear: {
                let cleared = try store.clearAllButFavorites()
                for file in cleared.imageFiles { images.remove(file) }
                return (cleared.comics, cleared.imageFiles.count)
            })
    }

    private static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }
}
