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

/// An explanation to show.
public struct ExplanationView: Sendable, Equatable {
    /// The comic.
    public var num: Int
    /// The comic's display title.
    public var title: String
    /// The explainxkcd page title, e.g. `353: Python`.
    public var pageTitle: String
    /// The rendered section (or whole page).
    public var document: WikiDocument
    /// Whether this is the whole page.
    public var wholePage: Bool
}

/// A comic written out for sharing.
public struct ShareResult: Sendable, Equatable {
    /// The comic.
    public var num: Int
    /// How it is written.
    public var format: ShareFormat
    /// The text, `mailto:` URL or Markdown.
    public var text: String
    /// What `--open` hands to the opener: the `mailto:` URL, else the comic's page.
    public var openURL: String
    /// Put it on the clipboard.
    public var copy: Bool
    /// Hand it to the system opener.
    public var open: Bool
}

/// A comic's image, decoded, for the renderer to draw.
public struct ComicImage: Sendable, Equatable {
    /// The comic.
    public var comic: DisplayComic
    /// The image file's bytes (sent as they are to terminals that decode images themselves).
    public var data: Data
    /// Their format.
    public var kind: ImageKind
    /// The decoded pixels.
    public var raster: RasterImage
    /// How to draw it.
    public var options: ImageOptions
    /// Whether the card comes first (`show --image`).
    public var withCard: Bool

    /// Creates an image outcome.
    public init(comic: DisplayComic, data: Data, kind: ImageKind, raster: RasterImage, options: ImageOptions, withCard: Bool) {
        self.comic = comic
        self.data = data
        self.kind = kind
        self.raster = raster
        self.options = options
        self.withCard = withCard
    }
}

/// Reading progress: how many comics are unread, and the first few.
public struct UnreadSummary: Sendable, Equatable {
    /// Comics not seen yet.
    public var unread: Int
    /// Comics in the archive (up to the newest, without missing numbers).
    public var total: Int
    /// The first unread comics, in number order (titles where stored).
    public var first: [ComicEntry]

    /// A summary.
    public init(unread: Int, total: Int, first: [ComicEntry]) {
        self.unread = unread
        self.total = total
        self.first = first
    }
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
    /// A comic's image to draw.
    case image(ComicImage)
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
    /// An explainxkcd explanation.
    case explanation(ExplanationView)
    /// A comic written out for sharing (the caller copies and opens as asked).
    case shared(ShareResult)
    /// A page to open in the browser (the caller runs the opener).
    case open(url: String)
    /// What `check` found; `notify`: raise a desktop notification when there are new comics.
    case newComics(NewComics, notify: Bool)
    /// Reading progress.
    case unread(UnreadSummary)
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
