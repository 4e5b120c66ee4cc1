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
    /// Search hits, best first, and whether more comics matched than are listed.
    case searchResults(query: String, hits: [SearchHit], total: Int)
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
    package var isFailure: Bool {
        switch self {
        case .choices: return true
        case let .synced(summary): return !summary.isComplete
        default: return false
        }
    }
}
