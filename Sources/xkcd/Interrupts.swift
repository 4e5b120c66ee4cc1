import Dispatch
import Foundation

/// Ctrl-C outside the REPL: cancels the command in flight so it can keep what it finished
/// (a sync stores what arrived), then the program stops with status 130. A second Ctrl-C
/// ends it at once.
final class Interrupts: @unchecked Sendable {
    // Written on the signal queue, read once the command returns; the lock guards `count`.
    private let lock = NSLock()
    private var count = 0
    private let tasks: TaskRunner
    private let source: DispatchSourceSignal

    init(tasks: TaskRunner) {
        self.tasks = tasks
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let registered = DispatchSemaphore(value: 0)
        source.setRegistrationHandler { registered.signal() }
        source.setEventHandler { [unowned self] in self.interrupted() }
        source.resume()
        registered.wait()
    }

    deinit {
        source.cancel()
    }

    /// `status`, or 130 when Ctrl-C stopped the run.
    func exitCode(_ status: Int32) -> Int32 {
        tasks.wasInterrupted ? 130 : status
    }

    private func interrupted() {
        let presses = lock.withLock {
            count += 1
            return count
        }
        if presses > 1 { exit(130) }
        tasks.interrupt()
    }
}
