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
package struct FavoritesService: Sendable {
    /// Makes comic `num` a favorite added at the given time; false when it already was one.
    package var add: @Sendable (_ num: Int, _ date: Date) throws -> Bool
    /// Adds several favorites in one transaction; returns how many were new.
    package var addAll: @Sendable (_ entries: [(num: Int, addedAt: Date)]) throws -> Int
    /// Removes favorite `num`; false when it was not one.
    package var remove: @Sendable (_ num: Int) throws -> Bool
    /// The favorites, in the order they were added.
    package var list: @Sendable () throws -> [Favorite]
    /// The entries of the favorites export at `path`, checked, or an error naming the file
    /// and what is wrong with it.
    package var importFile: @Sendable (_ path: String) throws -> [FavoritesFile.Entry]
    /// Which of its image and explanation comic `num` has stored.
    package var copies: @Sendable (_ num: Int) throws -> FavoriteCopies
}

extension FavoritesService {
    /// The favorites in `repository`'s store; export paths are taken from `currentDirectory`.
    package static func live(_ repository: ComicRepository, currentDirectory: URL) -> FavoritesService {
        live(
            repository,
            read: { path in
                let expanded = LocalPath.expandingTilde(path)
                let url =
                    expanded.hasPrefix("/")
                    ? URL(fileURLWithPath: expanded)
                    : currentDirectory.appendingPathComponent(expanded)
                return try FavoritesFile.contents(of: url)
            })
    }

    /// The favorites in `repository`'s store, reading an export's bytes with `read(path)`,
    /// which throws a `POSIXError` saying why it cannot.
    static func live(
        _ repository: ComicRepository,
        read: @escaping @Sendable (_ path: String) throws -> Data
    ) -> FavoritesService {
        let store = repository.store
        let images = repository.images
        return FavoritesService(
            add: { try store.addFavorite($0, at: $1) },
            addAll: { try store.addFavorites($0) },
            remove: { try store.removeFavorite($0) },
            list: { try store.favorites() },
            importFile: { path in
                let shown = TerminalSanitizer.sanitize(path, multiline: false)
                let data: Data
                do {
                    data = try read(path)
                } catch {
                    let code = (error as? POSIXError)?.code.rawValue ?? EIO
                    throw XKCDError.file("cannot import \(shown): \(FavoritesFile.unreadable(errno: code))")
                }
                return try FavoritesFile.parse(data, name: shown)
            },
            copies: { num in
                var copies: FavoriteCopies = []
                if let image = try store.image(of: num), images.exists(image.file) { copies.insert(.image) }
                if try store.hasExplanation(num) { copies.insert(.explanation) }
                return copies
            })
    }
}
