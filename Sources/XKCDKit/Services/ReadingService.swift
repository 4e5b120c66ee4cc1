#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
