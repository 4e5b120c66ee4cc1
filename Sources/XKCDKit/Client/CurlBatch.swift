import CCurl
import Foundation

/// The requests of one ``CurlTransport/getEach(_:limit:answer:)``: a place in flight goes to
/// the next URL from the C client's own thread, right after an answer is handed over.
final class CurlBatch: RequestBatch, @unchecked Sendable {
    private let urls: [URL]
    private let transport: CurlTransport
    private let client: CurlClient
    private let answer: @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    // The fields below are only touched under `lock`, hence @unchecked Sendable.
    private let lock = NSLock()
    private var nextIndex = 0
    private var cancelled = false
    // C request ids in flight. An answer can come before its id is recorded here; such ids wait
    // in `endedEarly` so that recording them later does not keep them as if in flight.
    private var inFlight: Set<UInt64> = []
    private var endedEarly: Set<UInt64> = []

    init(urls: [URL], transport: CurlTransport, client: CurlClient,
         answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool) {
        self.urls = urls
        self.transport = transport
        self.client = client
        self.answer = answer
    }

    /// Asks for the first `limit` URLs.
    func start(limit: Int) {
        for _ in 0..<limit { askNext() }
    }

    func cancel() {
        let (ids, unasked) = lock.withLock {
            cancelled = true
            defer { nextIndex = urls.count }
            return (inFlight, nextIndex..<urls.count)
        }
        for id in ids { xkcd_http_cancel(client.pointer, id) }
        for index in unasked { _ = answer(index, .failure(XKCDError.cancelled)) }
    }

    func releasePlace() {
        askNext()
    }

    private func askNext() {
        let index: Int? = lock.withLock {
            guard !cancelled, nextIndex < urls.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
        guard let index else { return }
        // Balanced by takeRetainedValue in `deliver`, which C calls exactly once.
        let context = Unmanaged.passRetained(CurlBatchRequest(batch: self, index: index)).toOpaque()
        let id = transport.submit(urls[index], lines: [], client: client, context: context) { context, result in
            CurlBatch.deliver(context, result)
        }
        guard id != 0 else { return }
        let cancelNow = lock.withLock {
            if endedEarly.remove(id) != nil { return false }
            inFlight.insert(id)
            // A cancel that came after the index was taken did not see this id.
            return cancelled
        }
        if cancelNow { xkcd_http_cancel(client.pointer, id) }
    }

    private func ended(_ index: Int, id: UInt64, reply: CurlReply) {
        if id != 0 {
            lock.withLock {
                if inFlight.remove(id) == nil { endedEarly.insert(id) }
            }
        }
        let url = urls[index]
        let result = Result<HTTPResponse, any Error> { try transport.response(to: reply, for: url) }
        if answer(index, result) { askNext() }
    }

    // Runs on the C client's thread.
    private static func deliver(_ context: UnsafeMutableRawPointer?, _ result: UnsafePointer<xkcd_http_result>?) {
        guard let context else { return }
        let request = Unmanaged<CurlBatchRequest>.fromOpaque(context).takeRetainedValue()
        request.batch.ended(request.index, id: result?.pointee.id ?? 0, reply: result.map { CurlReply($0.pointee) } ?? CurlReply.failed)
    }
}

/// A batch whose every URL is already answered, as when libcurl cannot be loaded.
struct AnsweredBatch: RequestBatch {
    func cancel() {}
    func releasePlace() {}
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
