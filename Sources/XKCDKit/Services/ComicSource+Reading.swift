#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the reader has read and where they were: seen marks, visits and the browsing state.
extension ComicSource {
    /// Marks comic `num` as read now.
    func markSeen(_ num: Int) throws {
        try remember { try store.markSeen(num, at: now()) }
    }

    /// The numbers of every comic read.
    func seenNumbers() throws -> Set<Int> {
        try store.seenNumbers()
    }

    /// Records a visit to `num` now, which marks it read unless `seen` is false (a move that
    /// shows nothing), `state` being the browsing state it left.
    func recordVisit(_ num: Int, state: SessionState, seen: Bool = true) throws {
        try remember {
            try store.recordVisit(
                num, at: now(), state: state.encoded, keeping: SessionState.historyLimit, seen: seen)
        }
    }

    /// The stored comic `num`, visited now in the one transaction that reads it, the browsing
    /// state to save being what `moving` makes of it; nil when it is not stored. Where the store
    /// takes no writes, the comic is read and the visit only noted as not saved.
    func visitStored(_ num: Int, moving: (Comic) -> SessionState) throws -> Comic? {
        do {
            return try store.visitStored(num, at: now(), keeping: SessionState.historyLimit) { moving($0).encoded }
        } catch let XKCDError.storage(reason) {
            guard let comic = try store.comic(num) else { return nil }
            _ = moving(comic)
            sayNotSaved(reason)
            return comic
        }
    }

    /// Runs `write`, one a read makes on the side (a reading mark, a visit and the browsing
    /// state, the newest comic asked for): when the store cannot take it (a full disk, a
    /// read-only directory) the read goes on, and the first such failure in a run is one note.
    func remember(_ write: () throws -> Void) throws {
        do {
            try write()
        } catch let XKCDError.storage(reason) {
            sayNotSaved(reason)
        }
    }

    /// Says that something was not saved, and why, the first time in a run.
    func sayNotSaved(_ reason: String) {
        if unsaved.claim() { notify("note: not saved: \(reason)") }
    }
}
