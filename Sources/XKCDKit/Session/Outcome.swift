#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a command produced, for the renderer to turn into text or JSON.
package enum Outcome: Sendable, Equatable {
    /// A comic's card (after navigation or `show`).
    case comic(DisplayComic)
    /// A comic's alt text.
    case alt(DisplayComic)
    /// A comic's transcript.
    case transcript(TranscriptView)
    /// The visited comics, most recent first, and how many were visited in all.
    case history([ComicEntry], total: Int)
    /// A title matched several comics; nothing changed.
    case choices(query: String, [ComicEntry])
    /// A comic became (or already was) a favorite; `imageBytes` is nil when it has no stored
    /// image; `storedNow` is what it lacked and was stored by this command.
    case favoriteAdded(ComicEntry, isNew: Bool, imageBytes: Int?, storedNow: FavoriteCopies)
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
    case cacheCleared(CacheCleared)
    /// What a sync did.
    case synced(SyncSummary)
    /// Search hits, best first, and whether more comics matched than are listed; `spelling`
    /// says whether they are a corrected query's, or offers one.
    case searchResults(
        query: String, hits: [SearchHit], total: Int, spelling: SearchSpelling = .asTyped,
        options: SearchOptions = SearchOptions())
    /// The next hits of the last search (`more`): those after the first `offset`, of `total`.
    case moreHits(query: String, hits: [SearchHit], offset: Int, total: Int, options: SearchOptions = SearchOptions())
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
    /// A comic's card with a note under it (why its picture is not there).
    case card(DisplayComic, note: String)
    /// A question to answer before the command goes ahead (`cache clear` on a terminal).
    case confirmation(Confirmation)
    /// Settings with where each came from (`config`, `set KEY`).
    case settings(SettingsReport)
    /// A setting `set` changed: as it is now, the file it was saved to, whether it changed
    /// the running session or takes effect at the next start, and the variable or flag that
    /// will still win over the saved value then.
    case settingChanged(SettingRow, savedTo: String?, appliesNow: Bool, overriddenBy: String?)
}

/// A question the loop asks before a command goes ahead; where no one can answer (a script),
/// the command goes ahead.
package struct Confirmation: Sendable, Equatable {
    /// What would happen.
    enum Question: Sendable, Equatable {
        /// `cache clear` would delete what `stats` counts as clearable.
        case clearCache(CacheStats)
    }

    /// What would happen.
    var question: Question
    /// The command that goes ahead on yes.
    package var command: Command
    /// What is said on no.
    package var declined: String
}

/// A comic's image, decoded, for the renderer to draw.
package struct ComicImage: Sendable, Equatable {
    var comic: DisplayComic
    /// The image file's bytes (sent as they are to terminals that decode images themselves).
    var data: Data
    var kind: ImageKind
    /// The decoded pixels.
    var raster: RasterImage
    /// How to draw it.
    var options: ImageOptions
    /// Whether the card comes first (`show --image`).
    var withCard: Bool
    /// Whether the file is the comic's `_2x` image: twice its size each way, drawn at the size
    /// of its 1x (see ``ImageFit``).
    var doubled: Bool
    /// The terminal it is drawn on; nil: plain characters at the renderer's width.
    var facts: TerminalFacts?

    package init(
        comic: DisplayComic, data: Data, kind: ImageKind, raster: RasterImage, options: ImageOptions, withCard: Bool,
        doubled: Bool = false, facts: TerminalFacts? = nil
    ) {
        self.facts = facts
        self.comic = comic
        self.data = data
        self.kind = kind
        self.raster = raster
        self.options = options
        self.withCard = withCard
        self.doubled = doubled
    }
}

/// What is stored and how large, for `cache stats`.
package struct CacheStats: Sendable, Equatable {
    /// Comics stored.
    var comics: Int
    /// The newest comic number known, if any.
    var newest: Int?
    /// Images stored.
    var images: Int
    /// Their total size in bytes.
    var imageBytes: Int
    /// The image cache cap in bytes (favorites' images not counted).
    var imageCacheLimit: Int
    /// Favorites.
    var favorites: Int
    /// explainxkcd pages stored.
    var explanations: Int
    /// Their size in bytes (the pages' source text).
    var explanationBytes: Int
    /// The database file's size in bytes (with its write-ahead log).
    var databaseBytes: Int
    /// The data directory.
    package var dataDirectory: String
    /// What `cache clear` would delete.
    var clearable: ClearableItems
}

/// What `cache clear` did.
package struct CacheCleared: Sendable, Equatable {
    /// What it deleted.
    var deleted: ClearableItems
    /// The database file's size in bytes, with its write-ahead log, before.
    var databaseBytesBefore: Int
    /// And after the space of what went was given back.
    var databaseBytesAfter: Int
    /// Why the space was not given back (the deletes stand), when it was not: rewriting the
    /// database needs room for a copy of it.
    var spaceNotReclaimed: String? = nil
    /// Files that killed processes had left behind, removed too.
    var leftovers = ReclaimedFiles()
}
