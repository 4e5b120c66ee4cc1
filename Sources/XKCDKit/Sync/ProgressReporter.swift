#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reports how far a sync phase has come: at the start, at most ten times a second while it
/// runs, and once at its end.
struct ProgressReporter {
    private let phase: SyncProgress.Phase
    private let total: Int
    private let now: @Sendable () -> Date
    private let report: @Sendable (SyncProgress) -> Void
    private let started: Date
    private var lastReport = Date.distantPast

    /// Starts a phase of `total` items, reporting it at once.
    init(
        phase: SyncProgress.Phase, total: Int, now: @escaping @Sendable () -> Date,
        report: @escaping @Sendable (SyncProgress) -> Void
    ) {
        self.phase = phase
        self.total = total
        self.now = now
        self.report = report
        started = now()
        report(SyncProgress(phase: phase, done: 0, total: total, elapsed: 0))
    }

    /// Reports `done` items, unless the last report was less than a tenth of a second ago.
    mutating func update(done: Int) {
        let time = now()
        guard time.timeIntervalSince(lastReport) >= 0.1 else { return }
        lastReport = time
        report(SyncProgress(phase: phase, done: done, total: total, elapsed: time.timeIntervalSince(started)))
    }

    /// Reports the phase's end with `done` items.
    func finish(done: Int) {
        report(
            SyncProgress(
                phase: phase, done: done, total: total, elapsed: now().timeIntervalSince(started), isFinal: true))
    }
}

/// How far a sync has come, reported as it runs.
package struct SyncProgress: Sendable, Equatable {
    /// What is being fetched.
    enum Phase: String, Sendable {
        /// Comic metadata.
        case comics
        /// Images.
        case images
        /// explainxkcd pages.
        case explanations
        /// Vectors of the index by meaning.
        case meaning
    }

    var phase: Phase
    /// Items finished (fetched, missing or failed).
    var done: Int
    /// Items to do in this phase.
    var total: Int
    /// Seconds since the phase started.
    var elapsed: TimeInterval
    /// Whether this is the phase's last report (finished or stopped).
    package var isFinal = false

    /// Items per second so far.
    var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Seconds left at the current rate, when known.
    var remaining: TimeInterval? {
        rate > 0 ? Double(total - done) / rate : nil
    }
}
