#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Many comics asked for at once (``XKCDClient/comics(_:limit:)``), their answers handed to
/// one reader in the order they come. An answer that is a transient failure is asked for again
/// as ``XKCDClient/comic(_:)`` would, keeping its place among the requests in flight meanwhile.
final class ComicFetch: @unchecked Sendable {
    /// A comic's final answer.
    struct Answer: Sendable {
        let num: Int
        let lookup: Result<XKCDClient.Lookup, any Error>
    }

    private let client: XKCDClient
    private let nums: [Int]
    private let urls: [URL]
    // The fields below are only touched under `lock`, hence @unchecked Sendable.
    private let lock = Lock(())
    private var batch: (any RequestBatch)?
    private var arrived: [(index: Int, outcome: Result<HTTPResponse, any Error>)] = []
    private var unanswered: Int
    private var reader: CheckedContinuation<Void, Never>?
    private var retries: [Task<Void, Never>] = []
    private var cancelled = false
    // Places given back before `batch` was known (an answer can come while it starts).
    private var placesOwed = 0

    init(client: XKCDClient, transport: any HTTPTransport, nums: [Int], limit: RequestLimit) {
        self.client = client
        self.nums = nums
        urls = nums.map(client.comicURL)
        unanswered = nums.count
        let batch = transport.getEach(urls, limit: limit) { [self] index, outcome in arrive(index, outcome) }
        let owed = lock.withLock { _ in
            // Kept only while answers are due (see `settle`).
            if unanswered > 0 { self.batch = batch }
            defer { placesOwed = 0 }
            return placesOwed
        }
        for _ in 0..<owed { batch.releasePlace() }
    }

    /// Every answer that came since the last call, waiting for one when none has; nil once
    /// all are in. Cancelling the calling task cancels the requests still to answer, whose
    /// answers are then ``XKCDError/cancelled``.
    func next() async -> [Answer]? {
        if Task.isCancelled { cancel() }
        while true {
            let (taken, done) = lock.withLock { _ in
                defer { arrived = [] }
                return (arrived, unanswered == 0)
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
                    let waits = lock.withLock { _ in
                        guard arrived.isEmpty, unanswered > 0 else { return false }
                        reader = continuation
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
        let (batch, retries) = lock.withLock { _ in
            cancelled = true
            return (self.batch, self.retries)
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
        let cancelNow = lock.withLock { _ in
            retries.append(retry)
            return cancelled
        }
        if cancelNow { retry.cancel() }
        return false
    }

    private func releasePlace() {
        let known = lock.withLock { _ in
            if batch == nil, unanswered > 0 { placesOwed += 1 }
            return batch
        }
        known?.releasePlace()
    }

    private func settle(_ index: Int, _ outcome: Result<HTTPResponse, any Error>) {
        let reader = lock.withLock { _ in
            arrived.append((index, outcome))
            unanswered -= 1
            if unanswered == 0 {
                // The batch's answer closure holds this fetch: letting go of it ends the cycle.
                batch = nil
                retries = []
            }
            defer { self.reader = nil }
            return self.reader
        }
        reader?.resume()
    }
}
