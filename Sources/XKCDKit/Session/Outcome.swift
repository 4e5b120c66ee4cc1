import Foundation

/// A comic in a list: number and display title (nil when it is not stored).
public struct ComicEntry: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title, when stored.
    public var title: String?

    /// Creates an entry.
    public init(num: Int, title: String?) {
        self.num = num
        self.title = title
    }
}

/// A favorite in a list.
public struct FavoriteEntry: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title.
    public var title: String
    /// Its publication date, `YYYY-MM-DD`.
    public var date: String
    /// When it became a favorite.
    public var addedAt: Date

    /// Creates an entry.
    public init(num: Int, title: String, date: String, addedAt: Date) {
        self.num = num
        self.title = title
        self.date = date
        self.addedAt = addedAt
    }
}

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
    /// The database file's size in bytes (with its write-ahead log).
    public var databaseBytes: Int
    /// The data directory.
    public var dataDirectory: String
}

/// What a command produced, for the renderer to turn into text or JSON.
public enum Outcome: Sendable, Equatable {
    /// A comic's card (after navigation or `show`).
    case comic(DisplayComic)
    /// A comic's alt text.
    case alt(DisplayComic)
    /// A comic's transcript.
    case transcript(DisplayComic)
    /// The visited comics, most recent first.
    case history([ComicEntry])
    /// A title matched several comics; nothing changed.
    case choices(query: String, [ComicEntry])
    /// A comic became (or already was) a favorite; `imageBytes` is nil when it has no stored image.
    case favoriteAdded(ComicEntry, isNew: Bool, imageBytes: Int?)
    /// A favorite was removed.
    case favoriteRemoved(ComicEntry)
    /// The favorites, in the order they were added.
    case favorites([FavoriteEntry])
    /// Favorites were merged from a file.
    case imported(added: Int, alreadyFavorites: Int)
    /// An image was written to a file.
    case saved(path: String, bytes: Int)
    /// What is stored.
    case cacheStats(CacheStats)
    /// Everything but favorites was deleted.
    case cacheCleared(comics: Int, images: Int)
    /// What a sync did.
    case synced(SyncSummary)
    /// Search hits, best first, and whether more comics matched than are listed.
    case searchResults(query: String, hits: [SearchHit], more: Bool)
    /// Help on every command (nil) or one.
    case help(String?)
    /// The user asked to leave.
    case quit

    /// Whether the command counts as failed for the exit status.
    public var isFailure: Bool {
        switch self {
        case .choices: return true
        case let .synced(summary): return !summary.isComplete
        default: return false
        }
    }
}
