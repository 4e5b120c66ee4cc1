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
    private var checkedAt = 0.0
    private var stale = true

    /// How long a check of the store holds, unless ``invalidate()`` is called.
    static let checkInterval = 1.0

    /// A cache over `store`; nothing is read until the first ``current()``.
    package init(store: ComicStore) {
        self.store = store
    }

    /// Makes the next ``current()`` check the store (after a command that may have changed it).
    package func invalidate() {
        lock.withLock { _ in stale = true }
    }

    /// The index, rebuilt first if the store changed since it was built. The store is asked
    /// at most once a second (other processes' changes), after every ``invalidate()``, and
    /// always with `checkingStore` (a lookup that must see the latest titles).
    package func current(checkingStore: Bool = false) -> TitleIndex {
        lock.withLock { _ in
            let time = ProcessInfo.processInfo.systemUptime
            guard checkingStore || stale || time - checkedAt >= Self.checkInterval else { return index }
            stale = false
            checkedAt = time
            guard let now = try? store.titleSignature() else { return index }
            if now != signature, let titles = try? store.allTitles(), let favorites = try? store.favoriteNumbers() {
                index = TitleIndex(titles: titles, favorites: favorites)
                signature = now
            }
            return index
        }
    }
}
