/// What is stored and how large, for `cache stats`.
public struct CacheStats: Sendable, Equatable {
    /// Comics stored.
    public var comics: Int
    /// The newest comic number known, if any.
    public var newest: Int?
    /// Images stored.
    public var images: Int
    /// Their total size in bytes.
    public var imageBytes: Int
    /// The image cache cap in bytes (favorites' images not counted).
    public var imageCacheLimit: Int
    /// Favorites.
    public var favorites: Int
    /// explainxkcd pages stored.
    public var explanations: Int
    /// Their size in bytes (the pages' source text).
    public var explanationBytes: Int
    /// The database file's size in bytes (with its write-ahead log).
    public var databaseBytes: Int
    /// The data directory.
    public var dataDirectory: String
    /// What `cache clear` would delete.
    public var clearable: ClearableItems
}

/// What `cache clear` did.
public struct CacheCleared: Sendable, Equatable {
    /// What it deleted.
    public var deleted: ClearableItems
    /// The database file's size in bytes, with its write-ahead log, before.
    public var databaseBytesBefore: Int
    /// And after the space of what went was given back.
    public var databaseBytesAfter: Int
    /// Why the space was not given back (the deletes stand), when it was not: rewriting the
    /// database needs room for a copy of it.
    public var spaceNotReclaimed: String? = nil
}
