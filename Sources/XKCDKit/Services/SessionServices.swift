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

/// explainxkcd pages, kept so they read offline.
package struct ExplanationsService: Sendable {
    /// The explainxkcd page of comic `num` (stored while fresh, else fetched and stored).
    package var page: @Sendable (_ num: Int) async throws -> ExplainPage
    /// The address of `page` on the wiki pages are fetched from.
    package var address: @Sendable (_ page: ExplainPage) -> String
}

extension ExplanationsService {
    /// The explanations of `repository`.
    package static func live(_ repository: ComicRepository) -> ExplanationsService {
        let wiki = repository.explainURL
        return ExplanationsService(
            page: { try await repository.explanation(of: $0) }, address: { $0.address(on: wiki) })
    }
}

/// Comic images: stored once fetched, and saved where the user asks.
package struct ImagesService: Sendable {
    /// `comic`'s image, from the image files or downloaded once and stored; with
    /// `highResolution`, its `_2x` image where there is one.
    package var image: @Sendable (_ comic: Comic, _ highResolution: Bool) async throws -> StoredImage
    /// Deletes comic `num`'s stored image, so the next request fetches it again.
    package var discard: @Sendable (_ num: Int) throws -> Void
    /// Writes `data` to `path` (nil: the current directory; a directory: `defaultName` in it),
    /// refusing to replace a file unless `force`; returns where it went.
    package var save: @Sendable (_ data: Data, _ defaultName: String, _ path: String?, _ force: Bool) throws -> URL
}

extension ImagesService {
    /// The images of `repository`, saved relative to `currentDirectory`.
    package static func live(_ repository: ComicRepository, currentDirectory: URL) -> ImagesService {
        ImagesService(
            image: { try await repository.image(of: $0, highResolution: $1) },
            discard: { try repository.discardImage(of: $0) },
            save: { data, name, path, force in
                let destination = ImageSaver.destination(
                    path: path, defaultName: name,
                    currentDirectory: currentDirectory)
                try ImageSaver.write(data, to: destination, force: force)
                return destination
            })
    }
}

/// What the reader has seen, the new comics not reported yet, and the browsing state kept
/// between runs.
package struct ReadingService: Sendable {
    /// Marks comic `num` as read at the given time.
    package var markSeen: @Sendable (_ num: Int, _ date: Date) throws -> Void
    /// The numbers of every comic read.
    package var seenNumbers: @Sendable () throws -> Set<Int>
    /// The comics published since `mark` was last moved and not seen, the first `named` titled.
    package var newComics: @Sendable (_ named: Int, _ mark: NewComicsMark) async throws -> NewComics
    /// The browsing state saved by an earlier run, in ``SessionState/encoded`` form.
    package var savedState: @Sendable () throws -> String?
    /// Saves the browsing state, in ``SessionState/encoded`` form.
    package var saveState: @Sendable (_ encoded: String) throws -> Void
}

extension ReadingService {
    private static let stateKey = "session.state.v2"

    /// Reading progress and saved state kept in `repository`'s store.
    package static func live(_ repository: ComicRepository) -> ReadingService {
        let store = repository.store
        return ReadingService(
            markSeen: { try store.markSeen($0, at: $1) },
            seenNumbers: { try store.seenNumbers() },
            newComics: { try await repository.newComics(named: $0, mark: $1) },
            savedState: { try store.setting(stateKey) },
            saveState: { try store.setSetting(stateKey, $0) })
    }
}

/// The stored archive as a whole: full-text search and syncing every comic.
package struct ArchiveService: Sendable {
    /// The comics matching an FTS5 `expression`, best first, at most `limit` (nil: all), and how
    /// many matched in all.
    package var search: @Sendable (_ expression: String, _ limit: Int?) throws -> (hits: [SearchHit], total: Int)
    /// For each word no stored comic holds, the nearest word the index has.
    package var suggestions: @Sendable (_ words: [String]) throws -> [String: String]
    /// How many comics are stored.
    package var storedCount: @Sendable () throws -> Int
    /// Fetches every comic not stored yet (with `images`, their images; with `explanations`,
    /// the explainxkcd pages missing or stale), at most `jobs` at a time (nil: no cap).
    package var sync: @Sendable (_ images: Bool, _ explanations: Bool, _ jobs: Int?) async throws -> SyncSummary
}

extension ArchiveService {
    /// The archive of `repository`; a sync reads the time from `now` and reports to `progress`.
    package static func live(
        _ repository: ComicRepository, now: @escaping @Sendable () -> Date,
        progress: @escaping @Sendable (SyncProgress) -> Void
    ) -> ArchiveService {
        ArchiveService(
            search: { try repository.store.search($0, limit: $1) },
            suggestions: { try repository.store.suggestions(for: $0) },
            storedCount: { try repository.store.comicCount() },
            sync: { images, explanations, jobs in
                try await Syncer(repository: repository, jobs: jobs, now: now, progress: progress)
                    .run(images: images, explanations: explanations)
            })
    }
}

/// Comics by number and the archive's extent: stored copies first, the network for the rest.
package struct ComicsService: Sendable {
    /// The newest comic (the stored one while it was checked recently, or offline).
    package var latest: @Sendable () async throws -> Comic
    /// Comic `num`, or ``XKCDError/noSuchComic(_:newest:)``.
    package var comic: @Sendable (_ num: Int) async throws -> Comic
    /// The newest comic's number.
    package var newestNumber: @Sendable () async throws -> Int
    /// The newest number known without asking the network, however old.
    package var knownNewestNumber: @Sendable () throws -> Int?
    /// The numbers known not to exist (absences the server answered within the hour), #404 among them.
    package var absentNumbers: @Sendable () throws -> Set<Int>
    /// The numbers of the stored comics.
    package var storedNumbers: @Sendable () throws -> Set<Int>
    /// The display titles of the stored comics among `numbers`, by number.
    package var titles: @Sendable (_ numbers: [Int]) throws -> [Int: String]
    /// `numbers` as list entries, at most `limit`, the first `titled` with titles fetched if need be.
    package var entries: @Sendable (_ numbers: [Int], _ titled: Int, _ limit: Int) async throws -> [ComicEntry]
    /// Whether the network is off limits.
    package var offline: Bool
}

extension ComicsService {
    /// The comics of `repository`.
    package static func live(_ repository: ComicRepository) -> ComicsService {
        ComicsService(
            latest: { try await repository.latest() },
            comic: { try await repository.comic($0) },
            newestNumber: { try await repository.newestNumber() },
            knownNewestNumber: { try repository.knownNewestNumber() },
            absentNumbers: { try repository.absentNumbers() },
            storedNumbers: { try repository.store.storedNumbers() },
            titles: { try repository.store.titles(of: $0) },
            entries: { try await repository.entries($0, titled: $1, limit: $2) },
            offline: repository.offline)
    }
}
