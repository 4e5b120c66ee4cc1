#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Many comics asked for at once (``XKCDClient/comics(_:limit:)``), their answers handed to
/// one reader in the order they come. An answer that is a transient failure is asked for again
/// as ``XKCDClient/comic(_:)`` would, keeping its place among the requests in flight meanwhile.
final class ComicFetch: Sendable {
    /// A comic's final answer.
    struct Answer: Sendable {
        let num: Int
        let lookup: Result<XKCDClient.Lookup, any Error>
    }

    private struct State {
        var batch: (any RequestBatch)?
        var arrived: [(index: Int, outcome: Result<HTTPResponse, any Error>)] = []
        var unanswered: Int
        var reader: CheckedContinuation<Void, Never>?
        var retries: [Task<Void, Never>] = []
        var cancelled = false
        // Places given back before `batch` was known (an answer can come while it starts).
        var placesOwed = 0
    }

    private let client: XKCDClient
    private let nums: [Int]
    private let urls: [URL]
    private let state: Lock<State>

    init(client: XKCDClient, transport: any HTTPTransport, nums: [Int], limit: RequestLimit) {
        self.client = client
        self.nums = nums
        urls = nums.map(client.comicURL)
        state = Lock(State(unanswered: nums.count))
        let batch = transport.getEach(urls, limit: limit) { [self] index, outcome in arrive(index, outcome) }
        let owed = state.withLock { state in
            // Kept only while answers are due (see `settle`).
            if state.unanswered > 0 { state.batch = batch }
            defer { state.placesOwed = 0 }
            return state.placesOwed
        }
        for _ in 0..<owed { batch.releasePlace() }
    }

    /// Every answer that came since the last call, waiting for one when none has; nil once
    /// all are in. Cancelling the calling task cancels the requests still to answer, whose
    /// answers are then ``XKCDError/cancelled``.
    func next() async -> [Answer]? {
        if Task.isCancelled { cancel() }
        while true {
            let (taken, done) = state.withLock { state in
                defer { state.arrived = [] }
                return (state.arrived, state.unanswered == 0)
            }
            if !taken.isEmpty {
                // Decoded here, on the reader's thread, not on the one that moves the bytes.
                return taken.map { index, outcome in
                    Answer(
                        num: nums[index],
                        lookup: Result {
                            try XKCDClient.lookup(try outcome.get(), from: urls[index], expected: nums[index])
                        })
                }
            }
            if done { return nil }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let waits = state.withLock { state in
                        guard state.arrived.isEmpty, state.unanswered > 0 else { return false }
                        state.reader = continuation
                        return true
                    }
                    if !waits { continuation.resume() }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    /// Stops every request still to answer.
    func cancel() {
        let (batch, retries) = state.withLock { state in
            state.cancelled = true
            return (state.batch, state.retries)
        }
        batch?.cancel()
        for retry in retries { retry.cancel() }
    }

    // The batch's answer for `index`; false keeps its place while it is asked for again.
    private func arrive(_ index: Int, _ outcome: Result<HTTPResponse, any Error>) -> Bool {
        guard client.retryDelay(after: outcome, attempts: 1) != nil else {
            settle(index, outcome)
            return true
        }
        let client = client
        let url = urls[index]
        let retry = Task { [self] in
            let final: Result<HTTPResponse, any Error>
            do {
                final = .success(try await client.retry(url, after: outcome, attempts: 1))
            } catch {
                final = .failure(error)
            }
            settle(index, final)
            releasePlace()
        }
        let cancelNow = state.withLock { state in
            state.retries.append(retry)
            return state.cancelled
        }
        if cancelNow { retry.cancel() }
        return false
    }

    private func releasePlace() {
        let known = state.withLock { state in
            if state.batch == nil, state.unanswered > 0 { state.placesOwed += 1 }
            return state.batch
        }
        known?.releasePlace()
    }

    private func settle(_ index: Int, _ outcome: Result<HTTPResponse, any Error>) {
        let reader = state.withLock { state in
            state.arrived.append((index, outcome))
            state.unanswered -= 1
            if state.unanswered == 0 {
                // The batch's answer closure holds this fetch: letting go of it ends the cycle.
                state.batch = nil
                state.retries = []
            }
            defer { state.reader = nil }
            return state.reader
        }
        reader?.resume()
    }
}
