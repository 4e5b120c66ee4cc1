#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ComicStore {
    /// What a batch source has for the writer.
    enum NextBatch {
        /// Comics to write.
        case batch(ComicBatch)
        /// Nothing came before the deadline.
        case timedOut
        /// The source is done.
        case end
    }

    /// Writes the batches `next` hands over until it says `.end`, committing once a
    /// transaction holds `rows` comics or has been open `interval` seconds. Each commit writes
    /// a new search index segment, which costs more than a row, so commits should be few; but
    /// the last one comes after the last answer, so they should be small. A crash loses at most
    /// the open transaction, and between transactions the write lock is free. `next(nil)` may
    /// block for as long as it likes; `next(deadline)` returns by `deadline`. Returns how many
    /// comics were not stored before.
    func write(
        batchesFrom next: (_ deadline: Date?) -> NextBatch, committingEvery rows: Int,
        orEvery interval: TimeInterval
    ) throws -> Int {
        var added = 0
        while case var .batch(batch) = next(nil) {
            let deadline = Date().addingTimeInterval(interval)
            var ended = false
            added += try writeWithoutTransaction { db in
                try db.transaction {
                    var written = 0
                    var new = 0
                    while true {
                        new += try Self.insert(batch, into: db)
                        written += batch.comics.count
                        if written >= rows { return new }
                        switch next(deadline) {
                        case let .batch(more): batch = more
                        case .timedOut: return new
                        case .end:
                            ended = true
                            return new
                        }
                    }
                }
            }
            if ended { break }
        }
        return added
    }
}

/// Comics (with their search text) and numbers found absent, written together.
struct ComicBatch: Sendable {
    var comics: [Comic] = []
    var documents: [SearchDocument] = []
    var absent: [Int] = []
    /// When they were fetched.
    var date: Date

    /// Adds `other`'s comics and numbers (the later date wins).
    mutating func append(_ other: ComicBatch) {
        comics += other.comics
        documents += other.documents
        absent += other.absent
        date = max(date, other.date)
    }
}
