#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a ``Session`` works with besides its state, each service named for its role.
public struct SessionServices: Sendable {
    /// Comics by number and the archive's extent.
    public var comics: ComicsService
    /// Read marks, new comics and the saved browsing state.
    public var reading: ReadingService
    /// Search and sync over the whole archive.
    public var archive: ArchiveService
    /// The favorites.
    public var favorites: FavoritesService
    /// Stored sizes and clearing.
    public var cache: CacheService
    /// explainxkcd pages.
    public var explanations: ExplanationsService
    /// Comic images.
    public var images: ImagesService
    /// The stored titles, for title lookups and Tab completion.
    public var titles: TitleIndexCache

    /// The services over `repository`: paths are taken from `currentDirectory`, a sync reads
    /// the time from `now` and reports to `progress`.
    public static func live(
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
