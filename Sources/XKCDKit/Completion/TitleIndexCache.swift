#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps a ``TitleIndex`` of the store's titles, rebuilt only when the store has changed
/// (by this process or another one on the same data directory).
package final class TitleIndexCache: Sendable {
    // The index and what it was built from: Tab runs on the line editor's thread, lookups on
    // the session's.
    private struct State {
        var index = TitleIndex.empty
        var signature: String?
        var checkedAt = 0.0
        var rowsChanged: Int?
    }

    private let store: ComicStore
    private let state = Lock(State())

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
        state.withLock { state in
            let time = ProcessInfo.processInfo.systemUptime
            let changed = store.rowsChanged
            guard checkingStore || changed != state.rowsChanged || time - state.checkedAt >= Self.checkInterval
            else {
                return state.index
            }
            state.rowsChanged = changed
            state.checkedAt = time
            guard let now = try? store.titleSignature() else { return state.index }
            if now != state.signature, let titles = try? store.allTitles(),
                let favorites = try? store.favoriteNumbers()
            {
                state.index = TitleIndex(titles: titles, favorites: favorites)
                state.signature = now
            }
            return state.index
        }
    }
}
