import Foundation

/// Stores the explainxkcd page of every comic whose page is not stored yet or has gone stale,
/// 50 pages a request and one request at a time (the wiki's etiquette), committing each batch
/// as it arrives: a second run fetches only what is missing or stale, and Ctrl-C keeps what
/// arrived.
struct ExplanationSyncer {
    let repository: ComicRepository
    let client: XKCDClient
    let now: @Sendable () -> Date
    let progress: @Sendable (SyncProgress) -> Void

    /// How long a stored page is fresh.
    static let maxAge: TimeInterval = 30 * 24 * 3600
    /// How long a page marked incomplete is fresh.
    static let incompleteMaxAge: TimeInterval = 24 * 3600
    /// Batches failing one after another that end the phase (the wiki is likely down).
    static let failuresInARow = 2

    /// The comics among `numbers` whose page is not stored in `ages`, or is older than
    /// ``maxAge`` (``incompleteMaxAge`` while marked incomplete) at `now`.
    static func wanted(_ numbers: [Int], ages: [Int: (fetchedAt: Date, incomplete: Bool)], now: Date) -> [Int] {
        numbers.filter { num in
            guard let age = ages[num] else { return true }
            return now.timeIntervalSince(age.fetchedAt) >= (age.incomplete ? incompleteMaxAge : maxAge)
        }
    }

    /// Fetches the pages of comics 1 to `newest` (less #404 and those the server does not have)
    /// that are missing or stale, adding what happened to `summary`.
    func run(newest: Int, into summary: inout SyncSummary) async throws {
        let store = repository.store
        let notComics = Set(summary.missing).union([404])
        let numbers = (1...max(newest, 1)).filter { !notComics.contains($0) }
        let wanted = Self.wanted(numbers, ages: try store.explanationAges(), now: now())
        var reporter = ProgressReporter(phase: .explanations, total: wanted.count, now: now, report: progress)
        var done = 0
        var failing = 0
        for start in stride(from: 0, to: wanted.count, by: ExplainBatchQuery.maxTitles) {
            let batch = Array(wanted[start..<min(start + ExplainBatchQuery.maxTitles, wanted.count)])
            if Task.isCancelled || failing >= Self.failuresInARow {
                if !Task.isCancelled { summary.explanationsFailed += wanted[start...] }
                break
            }
            do {
                let answer = try await client.explanations(of: batch)
                summary.explanationRequests += answer.requests
                // Parsed here, off the writer: the text the search index takes from each page.
                try store.saveExplanations(answer.pages.map { ($0, ExplanationText(wikitext: $0.wikitext)) }, at: now())
                summary.explanationsFetched += answer.pages.count
                summary.explanationsMissing += answer.missing
                failing = 0
            } catch {
                if Task.isCancelled || error as? XKCDError == .cancelled { break }
                guard error is XKCDError else { throw error }
                summary.explanationRequests += 1
                summary.explanationsFailed += batch
                failing += 1
            }
            done += batch.count
            reporter.update(done: done)
        }
        if Task.isCancelled { summary.cancelled = true }
        reporter.finish(done: done)
    }
}
