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

/// The favorites: each kept with its image and explanation so it reads offline, listed,
/// removed, and merged from an export file all or nothing.
struct Favorites: Sendable {
    private let source: ComicSource
    private let currentDirectory: URL

    /// The favorites in `source`'s store; export paths are taken from `currentDirectory`.
    init(_ source: ComicSource, currentDirectory: URL) {
        self.source = source
        self.currentDirectory = currentDirectory
    }

    /// What making a comic a favorite did.
    struct Kept: Sendable, Equatable {
        /// It was not a favorite before.
        var isNew: Bool
        /// The size of its stored image; nil when it has none stored.
        var imageBytes: Int?
        /// What was stored for it just now.
        var storedNow: FavoriteCopies
    }

    /// Makes `comic` a favorite, keeping its image and explanation; for a favorite already,
    /// stores what it was missing (one made offline). What cannot be stored is a notice, not
    /// a failure.
    func keep(_ comic: Comic) async throws -> Kept {
        let before = try copies(comic.num)
        var imageBytes: Int?
        if comic.hasImage {
            do {
                imageBytes = try await source.image(of: comic, highResolution: true).data.count
            } catch  where !error.isCancellation {
                source.notify(
                    "note: the image of #\(comic.num) was not stored (\(XKCDError.message(for: error))); "
                        + "'fav \(comic.num)' again to retry")
            }
        }
        // The explanation is kept too, so it reads offline; a comic too new for one is fine.
        do {
            _ = try await source.explanation(of: comic.num)
        } catch XKCDError.noExplanation {
        } catch  where !error.isCancellation {
            source.notify("note: the explanation of #\(comic.num) was not stored (\(XKCDError.message(for: error)))")
        }
        let isNew = try source.store.addFavorite(comic.num, at: source.now())
        return Kept(isNew: isNew, imageBytes: imageBytes, storedNow: try copies(comic.num).subtracting(before))
    }

    /// Removes favorite `num`; false when it was not one.
    func remove(_ num: Int) throws -> Bool {
        try source.store.removeFavorite(num)
    }

    /// The favorites, in the order they were added.
    func list() throws -> [FavoriteEntry] {
        try source.store.favorites().map { favorite in
            let shown = DisplayComic(favorite.comic)
            return FavoriteEntry(num: shown.num, title: shown.title, date: shown.date, addedAt: favorite.addedAt)
        }
    }

    /// Merges the favorites export at `path`: the file is checked and every comic fetched
    /// before one favorite is added, then their images are stored. Returns how many entries
    /// it had and how many were new.
    func importFile(_ path: String) async throws -> (entries: Int, added: Int) {
        let entries = try entries(in: path)
        var fetched: [Comic] = []
        for entry in entries {
            do {
                fetched.append(try await source.comic(entry.num))
            } catch  where !error.isCancellation {
                throw XKCDError.file(
                    "nothing imported: #\(entry.num) could not be fetched (\(XKCDError.message(for: error)))")
            }
        }
        let date = source.now()
        let added = try source.store.addFavorites(entries.map { ($0.num, $0.addedAt ?? date) })
        for comic in fetched where comic.hasImage {
            do {
                _ = try await source.image(of: comic, highResolution: true)
            } catch  where !error.isCancellation {
                source.notify("note: the image of #\(comic.num) was not stored (\(XKCDError.message(for: error)))")
            }
        }
        return (entries.count, added)
    }

    // The entries of the favorites export at `path`, checked, or an error naming the file and
    // what is wrong with it.
    private func entries(in path: String) throws -> [FavoritesFile.Entry] {
        let shown = TerminalSanitizer.path(path)
        let url = LocalPath.url(of: path, from: currentDirectory)
        let data: Data
        do {
            data = try FavoritesFile.contents(of: url)
        } catch {
            let code = (error as? POSIXError)?.code.rawValue ?? EIO
            throw XKCDError.file("cannot import \(shown): \(FavoritesFile.unreadable(errno: code))")
        }
        return try FavoritesFile.parse(data, name: shown)
    }

    // Which of its image and explanation comic `num` has stored.
    private func copies(_ num: Int) throws -> FavoriteCopies {
        var copies: FavoriteCopies = []
        if let image = try source.store.image(of: num), source.images.exists(image.file) { copies.insert(.image) }
        if try source.store.hasExplanation(num) { copies.insert(.explanation) }
        return copies
    }
}
