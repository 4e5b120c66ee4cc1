import Dispatch
import Foundation

/// Writes sync batches on a queue of their own, so fetching goes on while SQLite works.
/// ``finish()`` waits for every batch handed over and reports the first failure.
final class BatchWriter: @unchecked Sendable {
    // The queue runs one batch at a time; the lock guards `failure`, read by the sync task.
    private let queue = DispatchQueue(label: "xkcd.sync.writer")
    private let lock = NSLock()
    private var failure: Error?
    private let store: ComicStore

    init(store: ComicStore) {
        self.store = store
    }

    /// Queues `comics` (with their search `documents`) and `absent` numbers for one transaction.
    func submit(_ comics: [Comic], documents: [SearchDocument], absent: [Int], at date: Date) throws {
        if let failure = lock.withLock({ failure }) { throw failure }
        let store = store
        run { try store.save(comics, documents: documents, absent: absent, at: date) }
    }

    /// Waits until every queued batch is written; throws the first failure.
    func finish() throws {
        queue.sync {}
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    private func run(_ work: @escaping @Sendable () throws -> Void) {
        queue.async { [self] in
            do {
                try work()
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }
}
