#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Gives every stored comic whose text is new to the encoder (a new comic, a new explanation, a
/// new model) its vector in the index by meaning, a handful at a time: the encoder runs on a
/// thread of its own, each handful is stored as it is done, and Ctrl-C stops it between two,
/// keeping what was stored. Run again, it goes on with the rest. One sync at a time builds it:
/// another finds it being built and leaves it.
struct MeaningIndexer {
    let store: ComicStore
    let encoder: any MeaningEncoder
    let now: @Sendable () -> Date
    let progress: @Sendable (SyncProgress) -> Void

    /// About how many texts are encoded at once: enough to keep every processor busy (the
    /// encoder runs a batch of texts on each), few enough that Ctrl-C is heard soon.
    static let handful = 48

    func run(into summary: inout SyncSummary) async throws {
        guard let lock = store.lockMeaningIndex() else {
            summary.meaningError = "another sync is building it now"
            return
        }
        defer { withExtendedLifetime(lock) {} }
        let numbers = try store.numbersWithoutMeaning(model: encoder.identity)
        if !numbers.isEmpty { try await verify(encoder) }
        var reporter = ProgressReporter(phase: .meaning, total: numbers.count, now: now, report: progress)
        var done = 0
        var pending = numbers[...]
        while !pending.isEmpty {
            if Task.isCancelled {
                summary.cancelled = true
                break
            }
            // Comics are read a few at a time until their texts make a handful: a comic with a
            // long transcript has several.
            var sources: [MeaningSource] = []
            while !pending.isEmpty, sources.map(\.texts.count).reduce(0, +) < Self.handful {
                let next = pending.prefix(4)
                pending = pending.dropFirst(next.count)
                sources += try store.meaningTexts(Array(next))
            }
            let encoder = encoder
            let batch = sources
            let vectors = await DetachedThread.run { encoder.embed(batch.flatMap(\.texts)) }
            guard vectors.allSatisfy(MeaningVectors.isUsable) else {
                throw XKCDError.file(
                    "the sentence encoder's model made vectors that stand for nothing: its file is damaged")
            }
            try store.storeMeanings(sources, vectors: vectors, model: encoder.identity)
            done += sources.count
            summary.meaningsMade += sources.count
            reporter.update(done: done)
        }
        reporter.finish(done: done)
    }

    // The model's weights checked against their digest before any vector made with them is
    // stored under its name, on a thread of its own: it reads every byte of them.
    private func verify(_ encoder: any MeaningEncoder) async throws {
        let failure = await DetachedThread.run { () -> String? in
            do {
                try encoder.verifyWeights()
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let failure { throw XKCDError.file("cannot use the sentence encoder's model: \(failure)") }
    }
}
