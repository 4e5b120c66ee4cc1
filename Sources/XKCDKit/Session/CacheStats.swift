/// What is stored and how large, for `cache stats`.
package struct CacheStats: Sendable, Equatable {
    /// Comics stored.
    package var comics: Int
    /// The newest comic number known, if any.
    package var newest: Int?
    /// Images stored.
    package var images: Int
    /// Their total size in bytes.
    package var imageBytes: Int
    /// The image cache cap in bytes (favorites' images not counted).
    package var imageCacheLimit: Int
    /// Favorites.
    package var favorites: Int
    /// explainxkcd pages stored.
    package var explanations: Int
    /// Their size in bytes (the pages' source text).
    package var explanationBytes: Int
    /// The database file's size in bytes (with its write-ahead log).
    package var databaseBytes: Int
    /// The data directory.
    package var dataDirectory: String
    /// What `cache clear` would delete.
    package var clearable: ClearableItems
}

/// What `cache clear` did.
package struct CacheCleared: Sendable, Equatable {
    /// What it deleted.
    package var deleted: ClearableItems
    /// The database file's size in bytes, with its write-ahead log, before.
    package var databaseBytesBefore: Int
    /// And after the space of what went was given back.
    package var databaseBytesAfter: Int
    /// Why the space was not given back (the deletes stand), when it was not: rewriting the
    /// database needs room for a copy of it.
    package var spaceNotReclaimed: String? = nil
}

extension Session {
    /// What is stored and how large.
    func cacheStats() throws -> Outcome {
        .cacheStats(try cache.stats())
    }

    /// Deletes everything stored but the favorites, and gives the space back.
    func clearCache() throws -> Outcome {
        .cacheCleared(try cache.clear())
    }
}
