import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs async work to completion from the synchronous command loop, and cancels it when
/// asked (Ctrl-C in the REPL).
final class TaskRunner: @unchecked Sendable {
    // The lock guards `current`; the signal handler reads it from another thread.
    private let lock = Mutex(())
    private var current: Task<Void, Never>?
    private var interrupted = false
    private var handedOver = false
    private var settleInterrupts: (@Sendable () -> Void)?

    /// Runs `operation` and blocks this thread until it finishes.
    func wait<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        let task = Task {
            do {
                box.set(.success(try await operation()))
            } catch {
                box.set(.failure(error))
            }
            done.signal()
        }
        lock.withLock { _ in current = task }
        done.wait()
        lock.withLock { _ in current = nil }
        return try box.get()
    }

    /// Cancels the work in flight, if any.
    func cancel() {
        lock.withLock { _ in current }?.cancel()
    }

    /// Cancels the work in flight and remembers that the user asked to stop.
    func interrupt() {
        lock.withLock { _ in
            interrupted = true
            return current
        }?.cancel()
    }

    /// Runs `body` while another program has the terminal: Ctrl-C is that program's then,
    /// including one whose handling is still on its way when the program ends.
    func handingOverTheTerminal<T>(_ body: () -> T) -> T {
        lock.withLock { _ in handedOver = true }
        defer {
            lock.withLock { _ in settleInterrupts }?()
            lock.withLock { _ in handedOver = false }
        }
        return body()
    }

    /// Sets what waits until every Ctrl-C already received has been handled.
    func settleInterrupts(with settle: @escaping @Sendable () -> Void) {
        lock.withLock { _ in settleInterrupts = settle }
    }

    /// Whether another program has the terminal (``handingOverTheTerminal(_:)``).
    var terminalHandedOver: Bool {
        lock.withLock { _ in handedOver }
    }

    /// Whether ``interrupt()`` was called.
    var wasInterrupted: Bool {
        lock.withLock { _ in interrupted }
    }
}

/// A result handed from a task to the waiting thread.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // Written once by the task before it signals; read after the wait returns.
    private let lock = Mutex(())
    private var result: Result<T, Error>?

    func set(_ value: Result<T, Error>) {
        lock.withLock { _ in result = value }
    }

    func get() throws -> T {
        guard let result = lock.withLock({ _ in result }) else { throw CancellationError() }
        return try result.get()
    }
}
