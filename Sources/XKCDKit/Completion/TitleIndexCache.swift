import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps a ``TitleIndex`` of the store's titles, rebuilt only when the store has changed
/// (by this process or another one on the same data directory).
package final class TitleIndexCache: @unchecked Sendable {
    // The lock guards `index` and `signature`: Tab runs on the line editor's thread, lookups
    // on the session's.
    private let lock = Mutex(())
    private let store: ComicStore
    private var index = TitleIndex.empty
    private var signature: String?

    /// A cache over `store`; nothing is read until the first ``current()``.
    package init(store: ComicStore) {
        self.store = store
    }

    /// The index, rebuilt first if the store's titles changed since it was built (the store
    /// is asked for their signature each time: Tab is typed at a person's pace).
    package func current() -> TitleIndex {
        lock.withLock { _ in
            guard let now = try? store.titleSignature() else { return index }
            if now != signature, let titles = try? store.allTitles(), let favorites = try? store.favoriteNumbers() {
                index = TitleIndex(titles: titles, favorites: favorites)
                signature = now
            }
            return index
        }
    }
}
