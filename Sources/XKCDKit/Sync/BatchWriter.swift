import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes sync batches on a thread of its own, so fetching goes on while SQLite works, in
/// transactions of `commitRows` comics or `commitInterval` seconds, whichever comes first (see
/// ``ComicStore/write(batchesFrom:committingEvery:orEvery:)``). ``finish()`` waits for every
/// batch handed over, reports the first failure, and says how many comics were new to the store.
final class BatchWriter: Sendable {
    private struct State {
        var queued: ComicBatch?
        var ended = false
        var failure: (any Error)?
        var added = 0
    }

    private let state = Lock(State())
    // Signalled whenever `state` gains a batch or ends; the writer may find a signal stale.
    private let changed = DispatchSemaphore(value: 0)
    private let written = DispatchGroup()

    init(store: ComicStore, commitRows: Int, commitInterval: TimeInterval) {
        written.enter()
        DispatchQueue(label: "xkcd.batch-writer").async { [self] in
            do {
                let added = try store.write(batchesFrom: next, committingEvery: commitRows, orEvery: commitInterval)
                state.withLock { $0.added = added }
            } catch {
                state.withLock { $0.failure = error }
            }
            written.leave()
        }
    }

    /// Hands `batch` to the writer; throws the writer's failure, if it has failed.
    func submit(_ batch: ComicBatch) throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            if state.queued == nil { state.queued = batch } else { state.queued?.append(batch) }
        }
        changed.signal()
    }

    /// Waits until every batch handed over is written; throws the first failure, or returns
    /// how many of the comics written were not stored before.
    @discardableResult
    func finish() throws -> Int {
        state.withLock { $0.ended = true }
        changed.signal()
        written.wait()
        let (failure, added) = state.withLock { ($0.failure, $0.added) }
        if let failure { throw failure }
        return added
    }

    // Everything queued, as one batch; waiting for some until `deadline` (nil: for ever).
    private func next(_ deadline: Date?) -> ComicStore.NextBatch {
        var waiting = true
        while true {
            let next: ComicStore.NextBatch? = state.withLock { state in
                if let batch = state.queued {
                    state.queued = nil
                    return .batch(batch)
                }
                if state.ended { return .end }
                return waiting ? nil : .timedOut
            }
            if let next { return next }
            if let deadline {
                waiting = changed.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success
            } else {
                changed.wait()
            }
        }
    }
}

/// Hands values over in the order of their keys, holding those that arrive early. A sync's
/// answers come back slightly shuffled, and FTS5 writes out its in-memory index whenever a
/// row number goes down: in order, a transaction's rows make one index segment.
struct InOrderRelease<Value> {
    private let order: [Int]
    private var cursor = 0
    // What arrived ahead of its turn; nil for a key that brings no value.
    private var arrived: [Int: Value?] = [:]

    /// Releases values in the order of `order`, whose keys are distinct.
    init(_ order: [Int]) {
        self.order = order
    }

    /// How many keys arrived ahead of their turn.
    var heldCount: Int { arrived.count }

    /// Takes the value for `key` (nil when none will come, as for a failure) and releases every
    /// value whose turn has now come, in order.
    mutating func arrive(_ key: Int, _ value: Value?, release: (Value) throws -> Void) rethrows {
        arrived[key] = .some(value)
        while cursor < order.count, let next = arrived.removeValue(forKey: order[cursor]) {
            cursor += 1
            if let next { try release(next) }
        }
    }

    /// Releases everything still held, in key order, for when the rest will never come.
    mutating func drain(release: (Value) throws -> Void) rethrows {
        for key in arrived.keys.sorted() {
            if let value = arrived.removeValue(forKey: key) ?? nil { try release(value) }
        }
    }
}
