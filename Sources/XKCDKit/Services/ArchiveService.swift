#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
