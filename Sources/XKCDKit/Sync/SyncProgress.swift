#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How far a sync has come, reported as it runs.
public struct SyncProgress: Sendable, Equatable {
    /// What is being fetched.
    public enum Phase: String, Sendable {
        /// Comic metadata.
        case comics
        /// Images.
        case images
        /// explainxkcd pages.
        case explanations
    }

    /// The phase.
    public var phase: Phase
    /// Items finished (fetched, missing or failed).
    public var done: Int
    /// Items to do in this phase.
    public var total: Int
    /// Seconds since the phase started.
    public var elapsed: TimeInterval
    /// Whether this is the phase's last report (finished or stopped).
    public var isFinal = false

    /// Items per second so far.
    public var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Seconds left at the current rate, when known.
    public var remaining: TimeInterval? {
        rate > 0 ? Double(total - done) / rate : nil
    }
}
