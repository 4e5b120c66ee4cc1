import CCurl

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The requests of one ``CurlTransport/getEach(_:limit:answer:)``: a place in flight goes to
/// the next URL from the C client's own thread, right after an answer is handed over. Places
/// are added when an answer shows the connection multiplexes.
final class CurlBatch: RequestBatch, Sendable {
    private struct State {
        var ledger: BatchLedger
        // The places in flight: grows to what `limit` gives once the connection is known.
        var places = 0

        // The places to add for a connection that does or does not multiplex.
        mutating func grow(multiplexed: Bool, limit: RequestLimit) -> Int {
            let added = max(0, limit.inFlight(multiplexed: multiplexed) - places)
            places += added
            return added
        }
    }

    private let urls: [URL]
    private let transport: CurlTransport
    private let client: CurlClient
    private let answer: @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    private let limit: RequestLimit
    private let state: Lock<State>

    init(
        urls: [URL], limit: RequestLimit, transport: CurlTransport, client: CurlClient,
        answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    ) {
        self.urls = urls
        self.limit = limit
        self.transport = transport
        self.client = client
        self.answer = answer
        state = Lock(State(ledger: BatchLedger(count: urls.count)))
    }

    /// Asks for as many URLs as the limit gives on the connection as far as it is known.
    func start() {
        let multiplexed = urls.first.map(transport.multiplexes) ?? false
        let count = state.withLock { state in state.grow(multiplexed: multiplexed, limit: limit) }
        for _ in 0..<count { askNext() }
    }

    func cancel() {
        let (ids, unasked) = state.withLock { state in state.ledger.cancel() }
        for id in ids { xkcd_http_cancel(client.pointer, id) }
        for index in unasked { _ = answer(index, .failure(XKCDError.cancelled)) }
    }

    func releasePlace() {
        askNext()
    }

    private func askNext() {
        guard let index = state.withLock({ state in state.ledger.takeNext() }) else { return }
        // Balanced by takeRetainedValue in `deliver`, which C calls exactly once.
        let context = Unmanaged.passRetained(CurlBatchRequest(batch: self, index: index)).toOpaque()
        let id = transport.submit(urls[index], lines: [], client: client, context: context) { context, result in
            CurlBatch.deliver(context, result)
        }
        guard id != 0 else { return }
        if state.withLock({ state in state.ledger.started(id) }) { xkcd_http_cancel(client.pointer, id) }
    }

    private func ended(_ index: Int, id: UInt64, reply: CurlReply) {
        let added = state.withLock { state in
            if id != 0 { state.ledger.ended(id) }
            return reply.multiplexed ? state.grow(multiplexed: true, limit: limit) : 0
        }
        let url = urls[index]
        // The first answer that widens the batch tells the transport, for the requests after it.
        if added > 0 { transport.noteMultiplexed(url) }
        let result = Result<HTTPResponse, any Error> { try transport.response(to: reply, for: url) }
        if answer(index, result) { askNext() }
        for _ in 0..<added { askNext() }
    }

    // Runs on the C client's thread.
    private static func deliver(_ context: UnsafeMutableRawPointer?, _ result: UnsafePointer<xkcd_http_result>?) {
        guard let context else { return }
        let request = Unmanaged<CurlBatchRequest>.fromOpaque(context).takeRetainedValue()
        request.batch.ended(
            request.index, id: result?.pointee.id ?? 0, reply: result.map { CurlReply($0.pointee) } ?? CurlReply.failed)
    }
}

/// What C hands back with one answer of a batch.
private final class CurlBatchRequest {
    let batch: CurlBatch
    let index: Int

    init(batch: CurlBatch, index: Int) {
        self.batch = batch
        self.index = index
    }
}
