#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request's meeting point between the task awaiting it and the C client's thread.
final class CurlRequest: Sendable {
    private struct State {
        var continuation: CheckedContinuation<CurlReply, any Error>?
        var id: UInt64 = 0
        var isCancelled = false
    }

    private let state = Lock(State())

    /// Keeps `continuation` for the answer; false when the task was cancelled already.
    func install(_ continuation: CheckedContinuation<CurlReply, any Error>) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.continuation = continuation
            return true
        }
    }

    /// Records the C request id; true when a cancellation came in before it was known.
    func started(id: UInt64) -> Bool {
        state.withLock { state in
            state.id = id
            return state.isCancelled && state.continuation != nil
        }
    }

    /// Marks the request cancelled; the id to cancel in C, when it is known and still running.
    func cancel() -> UInt64? {
        state.withLock { state in
            state.isCancelled = true
            return state.id != 0 && state.continuation != nil ? state.id : nil
        }
    }

    func resume(returning reply: CurlReply) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: reply)
    }
}
