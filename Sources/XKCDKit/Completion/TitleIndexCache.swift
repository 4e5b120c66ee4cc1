import Foundation

/// Keeps a ``TitleIndex`` of the store's titles, rebuilt only when the store has changed
/// (by this process or another one on the same data directory).
public final class TitleIndexCache: @unchecked Sendable {
    // The lock guards `index` and `signature`: Tab runs on the main thread, refreshes may not.
    private let lock = NSLock()
    private let store: ComicStore
    private var index = TitleIndex.empty
    private var signature: String?

    /// A cache over `store`; nothing is read until the first ``current()``.
    public init(store: ComicStore) {
        self.store = store
    }

    /// The index, rebuilt first if the store changed since it was built.
    public func current() -> TitleIndex {
        lock.withLock {
            guard let now = try? store.titleSignature() else { return index }
            if now != signature, let titles = try? store.allTitles(), let favorites = try? store.favoriteNumbers() {
                index = TitleIndex(titles: titles, favorites: favorites)
                signature = now
            }
            return index
        }
    }
}
