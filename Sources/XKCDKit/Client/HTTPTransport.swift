#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sends GET requests; injected so tests and benchmarks can swap it.
package protocol HTTPTransport: Sendable {
    /// Fetches `url` sending `headers` as well, throwing ``XKCDError/network(_:retryable:)`` or
    /// ``XKCDError/cancelled`` on failure. A header that ``HTTPRequestHeaders/lines(_:)`` refuses
    /// (a name that is not a token, a value holding CR, LF or NUL) is never sent: the request
    /// fails with the error it throws, before anything goes out.
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse

    /// Fetches every URL of `urls` (no extra headers), keeping as many requests in flight as
    /// `limit` gives for the connection they go over (more once it turns out to multiplex).
    /// Each time one ends, `answer(index, result)` is called exactly once, and the next URL is
    /// asked for; unless `answer` returns false, which keeps that place taken
    /// until ``RequestBatch/releasePlace()``. A failure is what ``get(_:headers:)`` throws.
    /// `answer` runs on any thread, also within this call (when nothing can be asked for at
    /// all), ``RequestBatch/cancel()`` and ``RequestBatch/releasePlace()``; it should be quick.
    /// Cancelling answers the URLs not yet asked for, and the requests in flight that do not
    /// finish first, with ``XKCDError/cancelled``.
    func getEach(
        _ urls: [URL], limit: RequestLimit,
        answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    ) -> any RequestBatch

    /// Whether an answer from `url`'s host came over a connection that carries many requests
    /// at once (HTTP/2 or later).
    func multiplexes(_ url: URL) -> Bool

    /// Gives the requests made from now on `seconds` without progress before they give up.
    func setTimeout(_ seconds: TimeInterval)
}

extension HTTPTransport {
    /// Connections that multiplex are not known to transports that do not say.
    func multiplexes(_ url: URL) -> Bool { false }

    func setTimeout(_ seconds: TimeInterval) {}

    /// Fetches `url` with no extra headers.
    func get(_ url: URL) async throws -> HTTPResponse {
        try await get(url, headers: [:])
    }
}

/// Requests started by ``HTTPTransport/getEach(_:limit:answer:)``.
package protocol RequestBatch: Sendable {
    /// Stops the requests in flight and those not yet made.
    func cancel()
    /// Gives back a place kept taken by an answer, so the next URL is asked for.
    func releasePlace()
}

/// A batch whose every URL is already answered, as when libcurl cannot be loaded.
struct AnsweredBatch: RequestBatch {
    func cancel() {}
    func releasePlace() {}
}
