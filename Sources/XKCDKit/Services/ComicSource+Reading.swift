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

    /// The browsing state the last process to move left, in ``SessionState/encoded`` form.
    func savedState() throws -> String? {
        try store.browsingState()
    }

    /// Records a visit to `num` now, `state` being the browsing state it left.
    func recordVisit(_ num: Int, state: SessionState) throws {
        try remember {
            try store.recordVisit(num, at: now(), state: state.encoded, keeping: SessionState.historyLimit)
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
