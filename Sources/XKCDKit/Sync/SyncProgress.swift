#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How far a sync has come, reported as it runs.
package struct SyncProgress: Sendable, Equatable {
    /// What is being fetched.
    package enum Phase: String, Sendable {
        /// Comic metadata.
        case comics
        /// Images.
        case images
        /// explainxkcd pages.
        case explanations
    }

    /// The phase.
    package var phase: Phase
    /// Items finished (fetched, missing or failed).
    package var done: Int
    /// Items to do in this phase.
    package var total: Int
    /// Seconds since the phase started.
    package var elapsed: TimeInterval
    /// Whether this is the phase's last report (finished or stopped).
    package var isFinal = false

    /// Items per second so far.
    package var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Seconds left at the current rate, when known.
    package var remaining: TimeInterval? {
        rate > 0 ? Double(total - done) / rate : nil
    }
}
