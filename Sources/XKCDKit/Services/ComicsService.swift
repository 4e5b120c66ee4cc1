#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
