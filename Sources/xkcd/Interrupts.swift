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

/// Ctrl-C (SIGINT) handling. In the REPL it cancels the command in flight and the prompt
/// comes back. Elsewhere it also stops the run, which ends with status 130 once the command
/// has kept what it finished (a sync stores what arrived); a second Ctrl-C ends it at once.
/// Nothing is set up until ``arm()``: until then Ctrl-C ends the program as usual.
final class Interrupts: @unchecked Sendable {
    /// What Ctrl-C does besides cancelling the command in flight.
    enum Mode {
        /// Nothing more: the REPL goes on.
        case cancelCommand
        /// Stop the run.
        case stopRun
    }

    // `lock` guards `count` (written on the signal queue, read once the command returns);
    // `sourceLock` guards `source`, so that arming never holds up the handler.
    private let lock = Mutex(())
    private var count = 0
    private let sourceLock = Mutex(())
    private let tasks: TaskRunner
    private let mode: Mode
    private var source: DispatchSourceSignal?

    init(tasks: TaskRunner, mode: Mode) {
        self.tasks = tasks
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
            let queue = DispatchQueue(label: "xkcd.interrupts")
            let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
            tasks.settleInterrupts { queue.sync {} }
            // libdispatch installs its handler asynchronously: a Ctrl-C before that would be lost.
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.setEventHandler { [unowned self] in self.interrupted() }
            source.resume()
            registered.wait()
            self.source = source
        }
    }

    /// `status`, or 130 when Ctrl-C stopped the run.
    func exitCode(_ status: Int32) -> Int32 {
        tasks.wasInterrupted ? 130 : status
    }

    private func interrupted() {
        // The pager or a text-mode browser has the terminal: the key was meant for it.
        guard !tasks.terminalHandedOver else { return }
        switch mode {
        case .cancelCommand:
            tasks.cancel()
        case .stopRun:
            let presses = lock.withLock { _ in
                count += 1
                return count
            }
            if presses > 1 { ProcessExit.now(130) }
            tasks.interrupt()
        }
    }
}
