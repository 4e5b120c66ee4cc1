import Foundation

/// How far a sync has come, reported as it runs.
public struct SyncProgress: Sendable, Equatable {
    /// What is being fetched.
    public enum Phase: String, Sendable {
        /// Comic metadata.
        case comics
        /// Images.
        case images
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

/// What a sync did.
public struct SyncSummary: Sendable, Equatable {
    /// The newest comic number.
    public var newest: Int
    /// Comics stored before the sync.
    public var alreadyStored: Int
    /// Comics fetched now.
    public var fetched: Int
    /// Numbers the server says do not exist.
    public var missing: [Int]
    /// Numbers that could not be fetched after retries.
    public var failed: [Int]
    /// Images fetched now (with `--images`).
    public var imagesFetched: Int
    /// Comics whose image could not be fetched.
    public var imagesFailed: [Int]
    /// Whether Ctrl-C stopped it early.
    public var cancelled: Bool
    /// How long it took.
    public var seconds: TimeInterval

    /// Whether everything asked for arrived.
    public var isComplete: Bool { !cancelled && failed.isEmpty && imagesFailed.isEmpty }
}
