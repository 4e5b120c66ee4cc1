#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fetches every comic not yet stored (numbers once answered 404 too, all but #404), as many at
/// a time as the connection carries (``RequestLimit``) and at most `jobs`, and stores them in
/// number order as they come, committing every 200 comics or every second: a crash loses at most that, plus any that came
/// in ahead of a comic still being retried.
/// Transient failures are retried with backoff; cancellation stops it quickly and keeps what
/// arrived.
package struct Syncer: Sendable {
    private let source: ComicSource
    private let meaning: MeaningModel
    private let client: XKCDClient
    private let limit: RequestLimit
    private let now: @Sendable () -> Date
    private let progress: @Sendable (SyncProgress) -> Void

    /// The most comics a write transaction takes, and the longest it stays open.
    package static let commitRows = 200
    static let commitInterval: TimeInterval = 1
    /// Comics go to the writer in handfuls of this many, or after ``handOverDelay``.
    static let handOver = 50
    static let handOverDelay: TimeInterval = 0.1

    /// Creates a syncer making at most `jobs` requests at a time (nil: as many as the connection
    /// carries) and building the index by meaning with `meaning`; `progress` is called at most
    /// ten times a second and once at each phase's end.
    init(
        source: ComicSource, meaning: MeaningModel = .none, jobs: Int? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) {
        self.source = source
        self.meaning = meaning
        client = source.client.withRetryDelays([.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)])
        limit = RequestLimit(cap: jobs)
        self.now = now
        self.progress = progress
    }

    /// Runs the sync; with `images`, then fetches the image of every stored comic that lacks
    /// one; with `explanations`, then every explainxkcd page missing or stale; then, where there
    /// is a model, gives each comic whose text is new its vector in the index by meaning.
    package func run(images: Bool, explanations: Bool = false) async throws -> SyncSummary {
        guard !source.offline else { throw XKCDError.cannotDo("sync needs the network — drop --offline") }
        let started = now()
        let newest = try await source.refreshNewestNumber()
        let store = source.store
        // Comics stored before `extra_parts` was recorded are fetched again, once, so interactive
        // pages are known as such and titles are indexed as they are shown.
        let unknown = try store.numbersWithoutExtraParts()
        let stored = try store.storedNumbers().subtracting(unknown)
        // Numbers the server answered 404 for before are asked again, however recently: any
        // 404 but #404's may have been passing.
        let wanted = (1...max(newest, 1)).filter { !stored.contains($0) && $0 != 404 }
        var summary = SyncSummary(
            newest: newest, stored: stored.count, fetched: 0, missing: [], failed: [],
            imagesFetched: 0, imagesFailed: [], cancelled: false, seconds: 0)
        try await fetchComics(wanted, newest: newest, into: &summary)
        summary.stored = try store.comicCount()
        if images, !summary.cancelled {
            try await fetchImages(into: &summary)
        }
        if explanations, !summary.cancelled {
            try await ExplanationSyncer(source: source, client: client, now: now, progress: progress)
                .run(newest: newest, into: &summary)
        }
        if !summary.cancelled {
            do {
                if let encoder = try meaning.encoder() {
                    try await MeaningIndexer(store: store, encoder: encoder, now: now, progress: progress)
                        .run(into: &summary)
                }
            } catch let XKCDError.file(reason) {
                summary.meaningError = reason
            }
        }
        summary.seconds = now().timeIntervalSince(started)
        return summary
    }

    // What a comic's number brings to the store.
    private enum Arrival {
        case comic(Comic, SearchDocument)
        case missing(Int)
    }

    // Whether `error` ended work because the sync was cancelled.
    private static func isCancellation(_ error: any Error) -> Bool {
        Task.isCancelled || error.isCancellation
    }

    // How one image ended; a failure with its reason.
    private enum ImageResult: Sendable {
        case imageStored
        case failed(Int, String?)
        case cancelled
    }

    private func fetchComics(_ numbers: [Int], newest: Int, into summary: inout SyncSummary) async throws {
        var batch = ComicBatch(date: now())
        var lastFlush = now()
        let writer = BatchWriter(
            store: source.store, commitRows: Self.commitRows, commitInterval: Self.commitInterval)
        func flush() throws {
            lastFlush = now()
            guard !batch.comics.isEmpty || !batch.absent.isEmpty else { return }
            batch.date = lastFlush
            try writer.submit(batch)
            batch = ComicBatch(date: lastFlush)
        }
        var inOrder = InOrderRelease<Arrival>(numbers)
        func take(_ arrival: Arrival) {
            switch arrival {
            case let .comic(comic, document):
                batch.comics.append(comic)
                batch.documents.append(document)
            case let .missing(num):
                if num < newest { batch.absent.append(num) }
            }
        }
        // One request batch for every number: answers come without a task per comic, and the
        // search text is repaired here rather than on the one writer thread.
        let fetch = client.comics(numbers, limit: limit)
        var reporter = ProgressReporter(phase: .comics, total: numbers.count, now: now, report: progress)
        var done = 0
        do {
            while let answers = await fetch.next() {
                for answer in answers {
                    switch answer.lookup {
                    case let .success(.found(comic)):
                        inOrder.arrive(answer.num, .comic(comic, SearchDocument(comic)), release: take)
                    case .success(.notFound):
                        summary.missing.append(answer.num)
                        inOrder.arrive(answer.num, .missing(answer.num), release: take)
                    case let .failure(error) where Self.isCancellation(error):
                        summary.cancelled = true
                        continue
                    case .failure:
                        summary.failed.append(answer.num)
                        inOrder.arrive(answer.num, nil, release: take)
                    }
                    done += 1
                }
                reporter.update(done: done)
                if batch.comics.count >= Self.handOver || now().timeIntervalSince(lastFlush) >= Self.handOverDelay {
                    try flush()
                }
            }
            if Task.isCancelled { summary.cancelled = true }
            reporter.finish(done: done)
            // Cancelled: what came ahead of a number never asked for is kept too.
            inOrder.drain(release: take)
            try flush()
        } catch {
            fetch.cancel()
            // Batches already handed over are still written before the failure goes up.
            _ = try? writer.finish()
            throw error
        }
        // What this sync stored itself: another one at the same time stores the rest.
        summary.fetched = try writer.finish()
        summary.missing.sort()
        summary.failed.sort()
    }

    private func fetchImages(into summary: inout SyncSummary) async throws {
        let store = source.store
        let withImages = try store.numbersWithImages()
        var comics: [Int: Comic] = [:]
        for num in try store.storedNumbers() where !withImages.contains(num) {
            if let comic = try store.comic(num), comic.hasImage { comics[num] = comic }
        }
        let source = source
        let host = comics.values.lazy.compactMap { URL(string: $0.img) }.first
        try await run(
            comics.keys.sorted(), phase: .images, host: host, summary: &summary,
            work: { [comics] num in
                guard let comic = comics[num] else { return .failed(num, nil) }
                _ = try await source.image(of: comic)
                return .imageStored
            },
            handle: { result, summary in
                switch result {
                case .imageStored: summary.imagesFetched += 1
                case let .failed(num, reason):
                    summary.imagesFailed.append(num)
                    if let reason { summary.imageError = "#\(num): \(reason)" }
                case .cancelled: break
                }
            })
        summary.imagesFailed.sort()
    }

    // Runs `work` over `numbers`, as many at a time as `limit` gives downloads on the
    // connection to `host` (more once it turns out to multiplex), handing each result to `handle` as it
    // arrives and reporting progress (at most ten times a second, and at the end).
    // A thrown error makes that number `.failed`, but a storage failure (a full disk) ends the
    // run at once: the next images would fail the same way. Cancellation stops new work, and
    // the results of work already started still arrive.
    private func run(
        _ numbers: [Int], phase: SyncProgress.Phase, host: URL?, summary: inout SyncSummary,
        work: @escaping @Sendable (Int) async throws -> ImageResult,
        handle: (ImageResult, inout SyncSummary) throws -> Void
    ) async throws {
        var reporter = ProgressReporter(phase: phase, total: numbers.count, now: now, report: progress)
        var done = 0
        let downloads = RequestLimit(cap: limit.cap, streams: RequestLimit.multiplexedDownloads)
        try await withThrowingTaskGroup(of: ImageResult.self) { group in
            func start(_ num: Int) {
                group.addTask {
                    do {
                        return try await work(num)
                    } catch let XKCDError.storage(reason) {
                        throw XKCDError.storage(reason)
                    } catch {
                        return Self.isCancellation(error) ? .cancelled : .failed(num, XKCDError.message(for: error))
                    }
                }
            }
            var pending = numbers.makeIterator()
            var running = 0
            var multiplexed = false
            // Starts work until as much is running as the connection to `host` carries; once it
            // is known to multiplex, that stays known.
            func fill() {
                if !multiplexed, let host { multiplexed = client.multiplexes(host) }
                let places = downloads.inFlight(multiplexed: multiplexed)
                while running < places, !Task.isCancelled, let num = pending.next() {
                    start(num)
                    running += 1
                }
            }
            fill()
            while let result = try await group.next() {
                running -= 1
                if case .cancelled = result {
                    summary.cancelled = true
                } else {
                    try handle(result, &summary)
                    done += 1
                }
                reporter.update(done: done)
                fill()
            }
        }
        if Task.isCancelled { summary.cancelled = true }
        reporter.finish(done: done)
    }
}

/// What a sync did.
package struct SyncSummary: Sendable, Equatable {
    /// The newest comic number.
    var newest: Int
    /// Comics stored when the sync ended.
    var stored: Int
    /// Comics this sync stored that were not stored before.
    var fetched: Int
    /// Numbers the server says do not exist.
    var missing: [Int]
    /// Numbers that could not be fetched after retries.
    var failed: [Int]
    /// Images fetched now (with `--images`).
    var imagesFetched: Int
    /// Comics whose image could not be fetched.
    var imagesFailed: [Int]
    /// Why the last image that failed did, if one did.
    var imageError: String? = nil
    /// explainxkcd pages stored now (unless `--no-explanations`).
    var explanationsFetched = 0
    /// Comics explainxkcd has no page for yet.
    var explanationsMissing: [Int] = []
    /// Comics whose page could not be fetched after retries.
    var explanationsFailed: [Int] = []
    /// Requests made to explainxkcd's batch API.
    var explanationRequests = 0
    /// Why the last batch of explanations that failed did, if one did.
    var explanationError: String?
    /// Comics given a new vector in the index by meaning.
    var meaningsMade = 0
    /// Comics left to give their vectors in the background, after the sync (the REPL's).
    var meaningsPending = 0
    /// Why the index by meaning could not be built, if it could not.
    var meaningError: String?
    /// Whether Ctrl-C stopped it early.
    var cancelled: Bool
    /// How long it took.
    package var seconds: TimeInterval

    /// Whether everything asked for arrived.
    package var isComplete: Bool { !cancelled && failed.isEmpty && imagesFailed.isEmpty && explanationsFailed.isEmpty }
}
