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

/// The favorites, and favorites exports read from files.
package struct Favorites: Sendable {
    private let source: ComicSource
    private let currentDirectory: URL

    /// The favorites in `source`'s store; export paths are taken from `currentDirectory`.
    package init(_ source: ComicSource, currentDirectory: URL) {
        self.source = source
        self.currentDirectory = currentDirectory
    }

    /// Makes comic `num` a favorite added at the given time; false when it already was one.
    package func add(_ num: Int, at date: Date) throws -> Bool {
        try source.store.addFavorite(num, at: date)
    }

    /// Adds several favorites in one transaction; returns how many were new.
    package func addAll(_ entries: [(num: Int, addedAt: Date)]) throws -> Int {
        try source.store.addFavorites(entries)
    }

    /// Removes favorite `num`; false when it was not one.
    package func remove(_ num: Int) throws -> Bool {
        try source.store.removeFavorite(num)
    }

    /// The favorites, in the order they were added.
    package func list() throws -> [Favorite] {
        try source.store.favorites()
    }

    /// The entries of the favorites export at `path`, checked, or an error naming the file
    /// and what is wrong with it.
    package func importFile(_ path: String) throws -> [FavoritesFile.Entry] {
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

    /// Which of its image and explanation comic `num` has stored.
    package func copies(_ num: Int) throws -> FavoriteCopies {
        var copies: FavoriteCopies = []
        if let image = try source.store.image(of: num), source.images.exists(image.file) { copies.insert(.image) }
        if try source.store.hasExplanation(num) { copies.insert(.explanation) }
        return copies
    }
}
