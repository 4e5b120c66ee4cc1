#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps a ``TitleIndex`` of the store's titles, rebuilt only when the store has changed
/// (by this process or another one on the same data directory).
package final class TitleIndexCache: @unchecked Sendable {
    // The lock guards the index and what it was built from: Tab runs on the line editor's
    // thread, lookups on the session's.
    private let lock = Lock(())
    private let store: ComicStore
    private var index = TitleIndex.empty
    private var signature: String?
    private var checkedAt = 0.0
    private var rowsChanged: Int?

    /// How long a check of the store holds against other processes' changes.
    static let checkInterval = 1.0

    /// A cache over `store`; nothing is read until the first ``current()``.
    package init(store: ComicStore) {
        self.store = store
    }

    /// The index, rebuilt first if the store's titles changed since it was built. They are
    /// looked at again after this process writes to the store, at most once a second for
    /// other processes' writes, and always with `checkingStore` (a lookup that must see the
    /// latest titles).
    package func current(checkingStore: Bool = false) -> TitleIndex {
        lock.withLock { _ in
            let time = ProcessInfo.processInfo.systemUptime
            let changed = store.rowsChanged
            guard checkingStore || changed != rowsChanged || time - checkedAt >= Self.checkInterval else {
                return index
            }
            rowsChanged = changed
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
