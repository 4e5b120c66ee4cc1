#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every failure a user can meet, each with a message they can act on.
package enum XKCDError: Error, Equatable, Sendable, LocalizedError {
    /// The comic does not exist; `newest` is the newest known number when known.
    case noSuchComic(Int, newest: Int?)
    /// `next` from the newest comic, `#N`.
    case atNewest(Int)
    /// `prev` from #1.
    case atFirst
    /// No comic is left beyond `#N`, going forward or back.
    case noComicBeyond(Int, forward: Bool)
    /// `random` with no comic to pick from.
    case noComicToPick
    /// A command needs a current comic and there is none yet.
    case noCurrentComic
    /// `back` (or, not `back`, `forward`) with nothing to go to.
    case nothingToGo(back: Bool)
    /// Another process changed the history between reading and moving.
    case historyChanged
    /// No stored comic matches a title; `stored` is how many comics were searched, `nearest`
    /// the comics whose titles are nearest it.
    case noTitleMatch(String, stored: Int, nearest: [ComicEntry] = [])
    /// No stored comic matches a title, and only `stored` of the archive up to `newest` are
    /// stored: a sync would find it where a search cannot.
    case noTitleAmongFew(String, stored: Int, newest: Int)
    /// No favorite matches a title; `favorites` is how many there are.
    case noFavoriteTitled(String, favorites: Int)
    /// The network failed: could not connect, timed out, and so on. `retryable` when trying
    /// again soon may well work (a dropped connection).
    case network(String, retryable: Bool = false)
    /// The server answered with an error status.
    case httpStatus(Int, url: String)
    /// The server answered with data we cannot use.
    case badData(String)
    /// The local store failed.
    case storage(String)
    /// The request was cancelled (Ctrl-C).
    case cancelled
    /// Offline, and the comic is not stored.
    case notStoredOffline(Int)
    /// Offline, with nothing stored at all.
    case nothingStoredOffline
    /// Offline, and the comic's image is not stored.
    case imageNotStoredOffline(Int)
    /// An interactive comic: there is no image to show or save.
    case noImage(Int)
    /// An image that cannot be decoded or shown; the message says why (corrupt, truncated,
    /// too large, unknown format) and the caller names the comic.
    /// `corrupt` when the file itself is damaged (as opposed to too large or unsupported).
    case badImage(String, corrupt: Bool)
    /// `unfav` of a comic that is not a favorite.
    case notFavorite(Int)
    /// A file the user named cannot be used (import, save).
    case file(String)
    /// A command that cannot do anything as asked (nothing to search for, sync offline).
    case cannotDo(String)
    /// explainxkcd has no page for the comic (new comics get theirs after a while).
    case noExplanation(Int)
    /// A library needed to decode an image is not installed; the image itself may be fine.
    case imageLibraryMissing(String)
    /// No explanation of the comic is stored and the network is off limits.
    case explanationNotStoredOffline(Int)

    /// The one-line message shown after `error: `.
    package var errorDescription: String? {
        switch self {
        case let .noSuchComic(num, newest):
            if num == 404 { return "no comic #404 — xkcd skips it (404 Not Found)" }
            if let newest, num > newest { return "no comic #\(num) — the newest is #\(newest)" }
            return "no comic #\(num)"
        case let .atNewest(num): return "#\(num) is the newest comic"
        case .atFirst: return "#1 is the first comic"
        case let .noComicBeyond(num, forward): return "no comic \(forward ? "after" : "before") #\(num)"
        case .noComicToPick: return "no comic to pick from"
        case .noCurrentComic: return "no current comic — try 'latest', 'first' or 'goto N'"
        case let .nothingToGo(back): return "nothing to go \(back ? "back" : "forward") to"
        case .historyChanged: return "the history changed — try again"
        case let .noFavoriteTitled(title, favorites):
            return "no favorite titled '\(title)' among your \(favorites) — 'favs' lists them"
        case let .noTitleMatch(title, stored, _) where stored == 0:
            return "no comic titled '\(title)': nothing is stored yet — 'sync' stores every "
                + "title, or try a number"
        case let .noTitleMatch(title, stored, nearest) where nearest.isEmpty:
            return "no comic titled '\(title)' among the \(stored) stored — try a number, or search \(title)"
        case let .noTitleAmongFew(title, stored, newest):
            return "no comic titled '\(title)': only \(stored) \(stored == 1 ? "comic is" : "comics are") stored (the "
                + "newest is #\(newest)) — 'sync' stores every title, or try a number"
        case let .noTitleMatch(title, _, nearest):
            return
                "no comic titled '\(title)' — did you mean "
                + nearest.map { "#\($0.num) \($0.title ?? "")" }.joined(separator: " or ") + "? (or search \(title))"
        case let .network(message, _): return message
        case let .httpStatus(status, url): return "server error \(status) from \(url)"
        case let .badData(message): return message
        case let .storage(message): return "storage failed: \(message)"
        case .cancelled: return "cancelled"
        case let .notStoredOffline(num): return "#\(num) is not stored offline"
        case .nothingStoredOffline: return "nothing is stored for offline use yet — run once without --offline"
        case let .imageNotStoredOffline(num): return "the image of #\(num) is not stored offline"
        case let .noImage(num): return "#\(num) is interactive and has no image — 'open \(num)' shows it in the browser"
        case let .badImage(message, _), let .imageLibraryMissing(message): return message
        case let .notFavorite(num): return "#\(num) is not a favorite"
        case let .file(message), let .cannotDo(message): return message
        case let .noExplanation(num): return "explainxkcd has no page for #\(num) yet"
        case let .explanationNotStoredOffline(num): return "the explanation of #\(num) is not stored offline"
        }
    }
}

extension Error {
    /// Whether this error is a cancellation (Ctrl-C), which every handler passes on: the one
    /// spelling is ``XKCDError/cancelled``, caught past with `catch where !error.isCancellation`.
    var isCancellation: Bool { (self as? XKCDError) == .cancelled }
}

extension XKCDError {
    /// The comics `error` offers in its "did you mean", for the JSON document beside its line.
    package static func didYouMean(in error: any Error) -> [ComicEntry] {
        guard case let .noTitleMatch(_, _, nearest) = error as? XKCDError else { return [] }
        return nearest
    }

    /// The message to show for any `error`: its own when it has one (this type's, any
    /// `LocalizedError`'s), the system's words for a file operation that failed ("No space left on
    /// device"), else its description.
    package static func message(for error: any Error) -> String {
        // Described as `any Error`, never as a `CocoaError`: for that type the compiler would call
        // Foundation's own description, and link Foundation in with it.
        if let posix = ((error as? CocoaError)?.underlying ?? error) as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        if let text = (error as? any LocalizedError)?.errorDescription { return text }
        return String(describing: error)
    }
}
