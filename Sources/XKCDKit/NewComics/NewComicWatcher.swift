#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Looks for new comics while the REPL is open: at start, then every `interval`, keeping what
/// it finds until the REPL prints it before its next prompt (never while the user types).
package actor NewComicWatcher {
    /// A finding to print.
    package struct Notice: Sendable, Equatable {
        /// The new comics.
        package var report: NewComics
        /// Whether it came from the start-up check ("since your last visit").
        package var atStart: Bool
    }

    private let interval: TimeInterval
    private let now: @Sendable () -> Date
    private let check: @Sendable () async -> NewComics?
    private var lastCheck: Date
    private var pending: [Notice] = []
    private var hasStarted = false
    // Callers of `waitForStart` still waiting, by ticket: the start or their limit resumes them.
    private var startWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextTicket = 0

    /// A watcher checking every `interval` seconds (0: never after the start) by calling
    /// `check`, which returns nil when there is nothing new; `now` is the clock.
    package init(
        interval: TimeInterval, now: @escaping @Sendable () -> Date,
        check: @escaping @Sendable () async -> NewComics?
    ) {
        self.interval = interval
        self.now = now
        self.check = check
        lastCheck = now()
    }

    /// Keeps the start-up check's finding (`report`, nil when nothing is new) and starts the
    /// interval from now.
    package func started(with report: NewComics?) {
        hasStarted = true
        lastCheck = now()
        if let report { pending.append(Notice(report: report, atStart: true)) }
        for waiter in startWaiters.values { waiter.resume(returning: true) }
        startWaiters.removeAll()
    }

    /// Returns as soon as the start-up check is in, or when `limit` has passed (or the task is
    /// cancelled); true when the check's coming in ended it.
    @discardableResult
    package func waitForStart(upTo limit: Duration) async -> Bool {
        guard !hasStarted, !Task.isCancelled else { return hasStarted }
        let ticket = nextTicket
        nextTicket += 1
        let timer = Task {
            try? await Task.sleep(for: limit)
            stopWaiting(ticket)
        }
        let started = await withTaskCancellationHandler {
            await withCheckedContinuation { startWaiters[ticket] = $0 }
        } onCancel: {
            timer.cancel()
        }
        timer.cancel()
        return started
    }

    private func stopWaiting(_ ticket: Int) {
        startWaiters.removeValue(forKey: ticket)?.resume(returning: false)
    }

    /// Checks when `interval` has passed since the last check.
    package func tick() async {
        guard interval > 0, now().timeIntervalSince(lastCheck) >= interval else { return }
        lastCheck = now()
        if let report = await check() { pending.append(Notice(report: report, atStart: false)) }
    }

    /// What was found since the last call, oldest first.
    package func takePending() -> [Notice] {
        defer { pending.removeAll() }
        return pending
    }
}

/// Comics published since the last check that the reader has not seen.
package struct NewComics: Sendable, Equatable {
    /// The new comics, oldest first; titles only for the first few (nil for the rest, or
    /// when a comic could not be fetched).
    package var comics: [ComicEntry]
    /// The newest comic on the server.
    var newest: Int

    /// `#2666 Lava Lamp` for each of the first `limit` comics.
    package func names(first limit: Int) -> [String] {
        comics.prefix(limit).map { "#\($0.num)" + ($0.title.map { " \($0)" } ?? "") }
    }

}
