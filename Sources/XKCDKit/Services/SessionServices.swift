#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a ``Session`` works with besides its state, each service named for its role.
package struct SessionServices: Sendable {
    /// Comics by number and the archive's extent.
    package var comics: ComicsService
    /// Read marks, new comics and the saved browsing state.
    package var reading: ReadingService
    /// Search and sync over the whole archive.
    package var archive: ArchiveService
    /// The favorites.
    package var favorites: FavoritesService
    /// Stored sizes and clearing.
    package var cache: CacheService
    /// explainxkcd pages.
    package var explanations: ExplanationsService
    /// Comic images.
    package var images: ImagesService
    /// The stored titles, for title lookups and Tab completion.
    package var titles: TitleIndexCache

    /// The services over `repository`: paths are taken from `currentDirectory`, a sync reads
    /// the time from `now` and reports to `progress`.
    package static func live(
        _ repository: ComicRepository, currentDirectory: URL,
        now: @escaping @Sendable () -> Date,
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) -> SessionServices {
        SessionServices(
            comics: .live(repository), reading: .live(repository),
            archive: .live(repository, now: now, progress: progress),
            favorites: .live(repository, currentDirectory: currentDirectory), cache: .live(repository),
            explanations: .live(repository), images: .live(repository, currentDirectory: currentDirectory),
            titles: TitleIndexCache(store: repository.store))
    }
}
