#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Gives every stored comic whose text is new to the encoder (a new comic, a new explanation, a
/// new model) its vector in the index by meaning, a handful at a time: the encoder runs on a
/// thread of its own, each handful is stored as it is done, and Ctrl-C stops it between two,
/// keeping what was stored. Run again, it goes on with the rest.
struct MeaningIndexer {
    let store: ComicStore
    let encoder: any MeaningEncoder
    let now: @Sendable () -> Date
    let progress: @Sendable (SyncProgress) -> Void

    /// The comics encoded at once: enough for the matrix products to run at speed, few enough
    /// that Ctrl-C is heard within a second.
    static let handful = 16

    func run(into summary: inout SyncSummary) async throws {
        let numbers = try store.numbersWithoutMeaning(model: encoder.identity)
        var reporter = ProgressReporter(phase: .meaning, total: numbers.count, now: now, report: progress)
        var done = 0
        var start = 0
        while start < numbers.count {
            if Task.isCancelled {
                summary.cancelled = true
                break
            }
            let sources = try store.meaningTexts(Array(numbers[start..<min(start + Self.handful, numbers.count)]))
            start += Self.handful
            let encoder = encoder
            let vectors = await DetachedThread.run { encoder.embed(sources.flatMap(\.texts)) }
            try store.storeMeanings(sources, vectors: vectors, model: encoder.identity)
            done += sources.count
            summary.meaningsMade += sources.count
            reporter.update(done: done)
        }
        reporter.finish(done: done)
    }
}
