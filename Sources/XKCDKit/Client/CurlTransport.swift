import CCurl

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ``HTTPTransport`` over libcurl's multi interface: kept-alive connections, a timeout,
/// cancellation, and libcurl loaded only when the first request is made.
///
/// One background thread drives every transfer of a transport; requests queue for at most
/// `maxConnectionsPerHost` connections per host, or share one connection to a host that
/// speaks HTTP/2, up to ``RequestLimit/multiplexedStreams`` at once. The timeout bounds connecting and each
/// silence of the server; a whole transfer may take three times as long.
package final class CurlTransport: HTTPTransport, Sendable {
    private enum Start {
        case idle
        case ready(CurlClient)
        case unavailable(String)
    }

    private struct State {
        var timeout: TimeInterval
        // The C client is thread-safe once made: the lock guards only its making.
        var start = Start.idle
        // The hosts (with port) that answered over HTTP/2 or later.
        var multiplexedHosts: Set<String> = []
    }

    private let maxConnectionsPerHost: Int
    private let maxBodyBytes: Int
    private let caFile: String?
    private let state: Lock<State>
    private var timeout: TimeInterval { state.withLock { $0.timeout } }

    /// Creates a transport whose requests give up after `timeout` seconds without progress,
    /// keeping up to `maxConnectionsPerHost` connections per host and refusing bodies larger
    /// than `maxBodyBytes`, verifying TLS peers against `caFile` (nil: libcurl's own bundle).
    /// Nothing is loaded or started until the first request.
    package init(
        timeout: TimeInterval, maxConnectionsPerHost: Int = RequestLimit.connectionsPerHost,
        maxBodyBytes: Int = 20 << 20, caFile: String? = nil
    ) {
        state = Lock(State(timeout: timeout))
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.maxBodyBytes = maxBodyBytes
        self.caFile = caFile
    }

    /// Gives the requests made from now on `seconds` without progress before they give up.
    package func setTimeout(_ seconds: TimeInterval) {
        state.withLock { $0.timeout = seconds }
    }

    /// The CA bundle the environment names, as curl reads it: `CURL_CA_BUNDLE`, else
    /// `SSL_CERT_FILE`; nil when neither is set.
    package static func caBundle(in environment: Environment) -> String? {
        for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
            if let path = environment[name], !path.isEmpty { return path }
        }
        return nil
    }

    deinit {
        if case let .ready(client) = state.withLock({ $0.start }) {
            xkcd_http_destroy(client.pointer)
        }
    }

    /// Starts loading libcurl on a thread of its own, so a command about to use the network
    /// does not wait for it after opening the store. The process must call
    /// ``waitForPreload()`` before it exits.
    package static func preloadInBackground() {
        _ = xkcd_http_preload_async()
    }

    /// Returns once a load started by ``preloadInBackground()`` has finished: exiting in the
    /// middle of it can crash or hang the process.
    package static func waitForPreload() {
        xkcd_http_preload_wait()
    }

    /// Fetches `url` sending `headers` too (on every redirect), following up to five http(s)
    /// redirects. Any status is a response, 304 with its empty body included.
    package func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        if Task.isCancelled { throw XKCDError.cancelled }
        let lines = try HTTPRequestHeaders.lines(headers)
        let client = try startedClient()
        let request = CurlRequest()
        let reply = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<CurlReply, any Error>) in
                guard request.install(continuation) else {
                    continuation.resume(throwing: XKCDError.cancelled)
                    return
                }
                // Balanced by takeRetainedValue in `deliver`, which C calls exactly once.
                let context = Unmanaged.passRetained(request).toOpaque()
                let id = submit(url, lines: lines, client: client, context: context) { context, result in
                    CurlTransport.deliver(context, result)
                }
                if request.started(id: id) {
                    xkcd_http_cancel(client.pointer, id)
                }
            }
        } onCancel: {
            if let id = request.cancel() {
                xkcd_http_cancel(client.pointer, id)
            }
        }
        if reply.multiplexed { noteMultiplexed(url) }
        return try response(to: reply, for: url)
    }

    /// Fetches `urls` as many at a time as `limit` gives; see
    /// ``HTTPTransport/getEach(_:limit:answer:)``. The C client's thread asks for the next URL
    /// as it hands over an answer, so a long run of requests never waits for another thread to
    /// make the next one.
    package func getEach(
        _ urls: [URL], limit: RequestLimit,
        answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    ) -> any RequestBatch {
        let client: CurlClient
        do {
            client = try startedClient()
        } catch {
            for index in urls.indices { _ = answer(index, .failure(error)) }
            return AnsweredBatch()
        }
        let batch = CurlBatch(urls: urls, limit: limit, transport: self, client: client, answer: answer)
        batch.start()
        return batch
    }

    /// Queues a GET of `url` with the request header `lines`; C calls `done(context, result)`
    /// exactly once, on the client's thread. Returns the C request id (0: already answered).
    func submit(
        _ url: URL, lines: [String], client: CurlClient, context: UnsafeMutableRawPointer,
        done: xkcd_http_done
    ) -> UInt64 {
        url.absoluteString.withCString { address in
            Self.userAgent.withCString { agent in
                Self.withCStrings(lines) { headerLines, headerCount in
                    xkcd_http_get(
                        client.pointer, address, headerLines, headerCount, Self.milliseconds(timeout),
                        Self.milliseconds(Self.wholeTransferLimit(timeout)), CLong(clamping: maxBodyBytes), agent, done,
                        context)
                }
            }
        }
    }

    /// The response `reply` holds, or the error it stands for.
    func response(to reply: CurlReply, for url: URL) throws(XKCDError) -> HTTPResponse {
        try reply.response(for: url, timeout: timeout, maxBodyBytes: maxBodyBytes)
    }

    /// Records that `url`'s host answered over HTTP/2 or later.
    func noteMultiplexed(_ url: URL) {
        guard let host = Self.hostKey(url) else { return }
        state.withLock { state in _ = state.multiplexedHosts.insert(host) }
    }

    /// Whether an answer from `url`'s host came over HTTP/2 or later.
    package func multiplexes(_ url: URL) -> Bool {
        guard let host = Self.hostKey(url) else { return false }
        return state.withLock { state in state.multiplexedHosts.contains(host) }
    }

    private static func hostKey(_ url: URL) -> String? {
        url.host.map { host in "\(url.scheme ?? "")://\(host):\(url.port ?? -1)" }
    }

    // Wikis ask API clients to say what they are (MediaWiki's API etiquette).
    private static let userAgent = "xkcd-terminal/0.1 (a terminal xkcd browser and explainxkcd reader; libcurl)"

    /// Calls `body` with a C array of `strings` (NUL-terminated copies) and its count; the
    /// pointers are valid only during the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int) -> R)
        -> R
    {
        var storage: [CChar] = []
        var offsets: [Int] = []
        for string in strings {
            offsets.append(storage.count)
            storage.append(contentsOf: string.utf8CString)
        }
        return storage.withUnsafeBufferPointer { characters in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in characters.baseAddress.map { $0 + offset } }
            return pointers.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
        }
    }

    private func startedClient() throws(XKCDError) -> CurlClient {
        try state.withLock { state throws(XKCDError) in
            switch state.start {
            case let .ready(client):
                return client
            case let .unavailable(reason):
                throw XKCDError.network("libcurl is not available: \(reason)")
            case .idle:
                var message = [CChar](repeating: 0, count: 512)
                let pointer = xkcd_http_create(
                    Int32(clamping: maxConnectionsPerHost), Int32(RequestLimit.multiplexedStreams), &message,
                    message.count)
                guard let pointer else {
                    let reason = String(
                        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    state.start = .unavailable(reason)
                    throw XKCDError.network("libcurl is not available: \(reason)")
                }
                if let caFile, xkcd_http_set_ca_file(pointer, caFile) != 0 {
                    xkcd_http_destroy(pointer)
                    throw XKCDError.network("out of memory")
                }
                let client = CurlClient(pointer: pointer)
                state.start = .ready(client)
                return client
            }
        }
    }

    /// How long a whole transfer may take, however steadily the server sends, for a timeout
    /// that bounds each silence.
    static func wholeTransferLimit(_ timeout: TimeInterval) -> TimeInterval { timeout * 3 }

    /// `seconds` as the C client's milliseconds: rounded up, as 0 there means no limit at all.
    static func milliseconds(_ seconds: TimeInterval) -> CLong {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return CLong(min((seconds * 1000).rounded(.up), 86_400_000))
    }

    // Runs on the C client's thread, which serves every request: for `get` it only copies the
    // bytes out; parsing and error mapping happen in the awaiting task.
    private static func deliver(_ context: UnsafeMutableRawPointer?, _ result: UnsafePointer<xkcd_http_result>?) {
        guard let context else { return }
        let request = Unmanaged<CurlRequest>.fromOpaque(context).takeRetainedValue()
        request.resume(returning: result.map { CurlReply($0.pointee) } ?? CurlReply.failed)
    }
}

/// The C client, handed only to the thread-safe `xkcd_http_*` functions.
struct CurlClient: @unchecked Sendable {
    let pointer: OpaquePointer
}
