#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request's meeting point between the task awaiting it and the C client's thread.
final class CurlRequest: @unchecked Sendable {
    // The three fields below are only touched under `lock`, hence @unchecked Sendable.
    private let lock = Lock(())
    private var continuation: CheckedContinuation<CurlReply, any Error>?
    private var id: UInt64 = 0
    private var isCancelled = false

    /// Keeps `continuation` for the answer; false when the task was cancelled already.
    func install(_ continuation: CheckedContinuation<CurlReply, any Error>) -> Bool {
        lock.withLock { _ in
            guard !isCancelled else { return false }
            self.continuation = continuation
            return true
        }
    }

    /// Records the C request id; true when a cancellation came in before it was known.
    func started(id: UInt64) -> Bool {
        lock.withLock { _ in
            self.id = id
            return isCancelled && continuation != nil
        }
    }

    /// Marks the request cancelled; the id to cancel in C, when it is known and still running.
    func cancel() -> UInt64? {
        lock.withLock { _ in
            isCancelled = true
            return id != 0 && continuation != nil ? id : nil
        }
    }

    func resume(returning reply: CurlReply) {
        let continuation = lock.withLock { _ in
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: reply)
    }
}
