#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    /// explainxkcd pages stored now (with `--explanations`).
    public var explanationsFetched = 0
    /// Comics explainxkcd has no page for yet.
    public var explanationsMissing: [Int] = []
    /// Comics whose page could not be fetched after retries.
    public var explanationsFailed: [Int] = []
    /// Requests made to explainxkcd's batch API.
    public var explanationRequests = 0
    /// Why the last batch of explanations that failed did, if one did.
    public var explanationError: String?
    /// Whether Ctrl-C stopped it early.
    public var cancelled: Bool
    /// How long it took.
    public var seconds: TimeInterval

    /// Whether everything asked for arrived.
    public var isComplete: Bool { !cancelled && failed.isEmpty && imagesFailed.isEmpty && explanationsFailed.isEmpty }
}
