import Foundation

/// Writes sync batches on a thread of its own, so fetching goes on while SQLite works, in
/// transactions of `commitRows` comics or `commitInterval` seconds, whichever comes first (see
/// ``ComicStore/write(batchesFrom:committingEvery:orEvery:)``). ``finish()`` waits for every
/// batch handed over and reports the first failure.
final class BatchWriter: @unchecked Sendable {
    // `queued`, `ended` and `failure` are only touched with `condition` locked, which is what
    // makes the class @unchecked Sendable.
    private let condition = NSCondition()
    private var queued: ComicBatch?
    private var ended = false
    private var failure: Error?
    private let written = DispatchGroup()

    init(store: ComicStore, commitRows: Int, commitInterval: TimeInterval) {
        written.enter()
        Thread.detachNewThread { [self] in
            do {
                try store.write(batchesFrom: next, committingEvery: commitRows, orEvery: commitInterval)
            } catch {
                condition.withLock { failure = error }
            }
            written.leave()
        }
    }

    /// Hands `batch` to the writer; throws the writer's failure, if it has failed.
    func submit(_ batch: ComicBatch) throws {
        try condition.withLock {
            if let failure { throw failure }
            if queued == nil { queued = batch } else { queued?.append(batch) }
            condition.signal()
        }
    }

    /// Waits until every batch handed over is written; throws the first failure.
    func finish() throws {
        condition.withLock {
            ended = true
            condition.signal()
        }
        written.wait()
        if let failure = condition.withLock({ failure }) { throw failure }
    }

    // Everything queued, as one batch; waiting for some until `deadline` (nil: for ever).
    private func next(_ deadline: Date?) -> ComicStore.NextBatch {
        condition.withLock {
            while queued == nil, !ended {
                if let deadline {
                    if !condition.wait(until: deadline) { break }
                } else {
                    condition.wait()
                }
            }
            if let batch = queued {
                queued = nil
                return .batch(batch)
            }
            return ended ? .end : .timedOut
        }
    }
}
