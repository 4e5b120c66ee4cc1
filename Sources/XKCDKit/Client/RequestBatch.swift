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
