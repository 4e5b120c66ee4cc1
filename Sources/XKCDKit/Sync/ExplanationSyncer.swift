#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Stores the explainxkcd page of every comic whose page is not stored yet or has gone stale,
/// 50 pages a request and one request at a time (the wiki's etiquette), committing each batch
/// as it arrives: a second run fetches only what is missing or stale, and Ctrl-C keeps what
/// arrived.
struct ExplanationSyncer {
    let source: ComicSource
    let client: XKCDClient
    package let now: @Sendable () -> Date
    let progress: @Sendable (SyncProgress) -> Void

    /// How long a stored page is fresh.
    static let maxAge: TimeInterval = 30 * 24 * 3600
    /// How long a page marked incomplete is fresh.
    static let incompleteMaxAge: TimeInterval = 24 * 3600
    /// Batches failing one after another that end the phase (the wiki is likely down).
    static let failuresInARow = 2

    /// The comics among `numbers` whose page is not stored in `ages`, or is older than
    /// ``maxAge`` (``incompleteMaxAge`` while marked incomplete) at `now`; a page the wiki did
    /// not have (`absent`, when it was asked) is asked again after ``incompleteMaxAge``.
    static func wanted(
        _ numbers: [Int], ages: [Int: (fetchedAt: Date, incomplete: Bool)], absent: [Int: Date] = [:], now: Date
    ) -> [Int] {
        numbers.filter { num in
            guard let age = ages[num] else {
                guard let asked = absent[num] else { return true }
                return now.timeIntervalSince(asked) >= incompleteMaxAge
            }
            return now.timeIntervalSince(age.fetchedAt) >= (age.incomplete ? incompleteMaxAge : maxAge)
        }
    }

    /// Fetches the pages of comics 1 to `newest` (less #404 and those the server does not have)
    /// that are missing or stale, adding what happened to `summary`. A batch's pages are read
    /// and stored while the next batch downloads: still one request at a time.
    package func run(newest: Int, into summary: inout SyncSummary) async throws {
        let store = source.store
        let notComics = Set(summary.missing).union([404])
        let numbers = (1...max(newest, 1)).filter { !notComics.contains($0) }
        let wanted = Self.wanted(
            numbers, ages: try store.explanationAges(), absent: try store.explanationAbsences(), now: now())
        let batches = stride(from: 0, to: wanted.count, by: ExplainBatchQuery.maxTitles).map {
            Array(wanted[$0..<min($0 + ExplainBatchQuery.maxTitles, wanted.count)])
        }
        var reporter = ProgressReporter(phase: .explanations, total: wanted.count, now: now, report: progress)
        var done = 0
        var failing = 0
        var arrived = batches.isEmpty ? nil : await fetch(batches[0])
        for index in batches.indices {
            guard let current = arrived else { break }
            let fails = Self.failure(of: current) != nil
            // The next batch is not asked for once this one makes the failures in a row too many.
            let goesOn =
                !Task.isCancelled && !Self.isCancellation(current) && (!fails || failing + 1 < Self.failuresInARow)
            async let upcoming = goesOn && index + 1 < batches.count ? fetch(batches[index + 1]) : nil
            failing = fails ? failing + 1 : 0
            try await take(current, asked: batches[index], into: &summary)
            done += batches[index].count
            reporter.update(done: done)
            arrived = await upcoming
            if Task.isCancelled || summary.cancelled {
                // A batch that came in meanwhile is kept too.
                if let arrived, case .success = arrived {
                    try await take(arrived, asked: batches[index + 1], into: &summary)
                    done += batches[index + 1].count
                }
                summary.cancelled = true
                break
            }
            if !goesOn, index + 1 < batches.count {
                // The wiki is likely down: the rest are not asked for.
                summary.explanationsFailed += batches[(index + 1)...].joined()
                break
            }
        }
        reporter.finish(done: done)
    }

    // Adds what `result`, the answer for the comics `asked`, brought to the store and `summary`.
    private func take(_ result: Result<Fetched, any Error>, asked: [Int], into summary: inout SyncSummary) async throws
    {
        switch result {
        case let .success(batch):
            summary.explanationRequests += batch.requests
            try source.store.saveExplanations(await Self.text(of: batch.pages), at: now())
            summary.explanationsFetched += batch.pages.count
            try source.store.markExplanationsAbsent(batch.missing, at: now())
            summary.explanationsMissing += batch.missing
        case .failure(XKCDError.cancelled):
            summary.cancelled = true
        case let .failure(error):
            guard let error = error as? XKCDError else { throw error }
            summary.explanationRequests += 1
            summary.explanationsFailed += asked
            summary.explanationError = XKCDError.message(for: error)
        }
    }

    private static func failure(of result: Result<Fetched, any Error>) -> (any Error)? {
        guard case let .failure(error) = result, !isCancellation(result) else { return nil }
        return error
    }

    private static func isCancellation(_ result: Result<Fetched, any Error>) -> Bool {
        guard case let .failure(error) = result else { return false }
        return error.isCancellation
    }

    /// What one batch brought.
    typealias Fetched = XKCDClient.ExplainBatch

    private func fetch(_ numbers: [Int]) async -> Result<Fetched, any Error> {
        do {
            return .success(try await client.explanations(of: numbers))
        } catch {
            return .failure(Task.isCancelled ? XKCDError.cancelled : error)
        }
    }

    /// The text the search index takes from each of `pages`, read on every core at once.
    static func text(of pages: [ExplainPage]) async -> [(page: ExplainPage, text: ExplanationText)] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pages.count))
        let share = (pages.count + workers - 1) / max(workers, 1)
        return await withTaskGroup(of: (Int, [(page: ExplainPage, text: ExplanationText)]).self) { group in
            for start in stride(from: 0, to: pages.count, by: max(share, 1)) {
                let slice = Array(pages[start..<min(start + share, pages.count)])
                group.addTask { (start, slice.map { ($0, ExplanationText(wikitext: $0.wikitext)) }) }
            }
            var parts: [(Int, [(page: ExplainPage, text: ExplanationText)])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
