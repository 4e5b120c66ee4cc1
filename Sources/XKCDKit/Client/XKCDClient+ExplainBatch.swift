#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XKCDClient {
    /// What one batch of explainxkcd pages brought.
    struct ExplainBatch: Sendable, Equatable {
        /// The pages that arrived, by comic.
        var pages: [ExplainPage] = []
        /// The comics asked for that have no page yet.
        var missing: [Int] = []
        /// The requests it took (continuations and waits for a lagging wiki included).
        var requests = 0
    }

    /// How many times a batch asks again after the wiki answers `maxlag`.
    static let maxLagRetries = 5
    /// The longest wait a `Retry-After` gets after `maxlag` or 429.
    static let longestLagWait = 30
    /// The most continuations one batch follows: at worst, a request for each of its pages.
    static let maxContinuations = ExplainBatchQuery.maxTitles + 1

    /// The explainxkcd pages of `numbers` (at most ``ExplainBatchQuery/maxTitles``) through the
    /// wiki's batch API, one request at a time: the rest of an answer cut for size is asked for
    /// with its `continue` fields; a `maxlag` answer waits as `Retry-After` says (503s and lost
    /// connections are retried as every request is, a 429 is waited out as `maxlag` is).
    func explanations(of numbers: [Int]) async throws -> ExplainBatch {
        var batch = ExplainBatch()
        var continuation: [(key: String, value: String)] = []
        var lagRetries = 0
        while true {
            guard let url = ExplainBatchQuery.url(explainURL: explainURL, numbers: numbers, continuation: continuation)
            else { throw XKCDError.cannotDo("--explain-url is not a usable address") }
            let response = try await get(url)
            batch.requests += 1
            // 429 is a wiki asking to slow down, as `maxlag` is.
            guard response.status == 200 || response.status == 429 else {
                throw XKCDError.httpStatus(response.status, url: url.absoluteString)
            }
            let answer =
                response.status == 429
                ? ExplainBatchAnswer(lagged: true) : try ExplainBatchAnswer.parse(response.body, asked: numbers)
            if answer.lagged {
                lagRetries += 1
                guard lagRetries <= Self.maxLagRetries else {
                    throw XKCDError.badData("explainxkcd is lagging and asked to wait; try again later")
                }
                let seconds = Int(response.headers["retry-after"] ?? "") ?? 5
                try await Self.wait(.seconds(min(max(seconds, 1), Self.longestLagWait)))
                continue
            }
            batch.pages += answer.pages
            // A continuation that does not move on, or goes on past a page a request, would never end.
            guard let next = answer.continuation, !next.isEmpty, batch.requests - lagRetries <= Self.maxContinuations,
                next.map(\.value) != continuation.map(\.value) || next.map(\.key) != continuation.map(\.key)
            else { break }
            continuation = next
        }
        // A page whose text never came (a continuation that stopped short) counts as missing.
        let arrived = Set(batch.pages.map(\.num))
        batch.missing = numbers.prefix(ExplainBatchQuery.maxTitles).filter { !arrived.contains($0) }
        return batch
    }

    private static func wait(_ delay: Duration) async throws {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw XKCDError.cancelled
        }
    }
}
