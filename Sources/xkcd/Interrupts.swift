import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) handling. It cancels the task running the command (``cancelling(_:)``); in
/// the REPL the prompt comes back. Elsewhere it also stops the run, which ends with status 130
/// once the command has kept what it finished (a sync stores what arrived); a second Ctrl-C
/// ends it at once. Nothing is set up until ``arm()``: until then Ctrl-C ends the program as usual.
final class Interrupts: @unchecked Sendable {
    /// What Ctrl-C does besides cancelling the command in flight.
    enum Mode {
        /// Nothing more: the REPL goes on.
        case cancelCommand
        /// Stop the run.
        case stopRun
    }

    private struct State {
        var presses = 0
        /// The command waiting to hear of a Ctrl-C.
        var waiter: CheckedContinuation<Void, Never>?
        /// Whether another program has the terminal, and so the key.
        var handedOver = false
    }

    private let state = Mutex(State())
    private let mode: Mode
    private let queue = DispatchQueue(label: "xkcd.interrupts")
    // Set once, by `arm()`, under `sourceLock`.
    private let sourceLock = Mutex(())
    private var source: DispatchSourceSignal?

    init(mode: Mode) {
        self.mode = mode
    }

    deinit {
        source?.cancel()
    }

    /// Takes over Ctrl-C, once; returns when the handler is in place. Starting the signal
    /// source starts libdispatch's threads, which a run without commands never needs.
    func arm() {
        sourceLock.withLock { _ in
            guard source == nil else { return }
            signal(SIGINT, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
            // libdispatch installs its handler asynchronously: a Ctrl-C before that would be lost.
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.setEventHandler { [unowned self] in self.interrupted() }
            source.resume()
            registered.wait()
            self.source = source
        }
    }

    /// Runs `operation` as a child task that Ctrl-C cancels; what it returns or throws once
    /// cancelled (a sync's partial summary, ``XKCDError/cancelled``) is the result.
    func cancelling<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                await self.nextPress()
                return nil
            }
            while let finished = try await group.next() {
                // The command's own result ends the wait for Ctrl-C; Ctrl-C cancels the command.
                group.cancelAll()
                if let value = finished { return value }
            }
            throw CancellationError()
        }
    }

    /// Whether Ctrl-C stopped the run (``Mode/stopRun``).
    var stopped: Bool {
        mode == .stopRun && state.withLock { $0.presses > 0 }
    }

    /// `status`, or 130 when Ctrl-C stopped the run.
    func exitCode(_ status: Int32) -> Int32 {
        stopped ? 130 : status
    }

    /// Runs `body` while another program has the terminal: Ctrl-C is that program's then,
    /// including one whose handling is still on its way when the program ends.
    func handingOverTheTerminal<T>(_ body: () -> T) -> T {
        state.withLock { $0.handedOver = true }
        defer {
            queue.sync {}
            state.withLock { $0.handedOver = false }
        }
        return body()
    }

    // Returns at the next Ctrl-C, or when the waiting task is cancelled.
    private func nextPress() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let cancelled = state.withLock { state in
                    guard !Task.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }

    private func interrupted() {
        let (waiter, presses): (CheckedContinuation<Void, Never>?, Int) = state.withLock { state in
            // The pager or a text-mode browser has the terminal: the key was meant for it.
            guard !state.handedOver else { return (nil, 0) }
            state.presses += 1
            defer { state.waiter = nil }
            return (state.waiter, state.presses)
        }
        if mode == .stopRun, presses > 1 { ProcessExit.now(130) }
        waiter?.resume()
    }
}
