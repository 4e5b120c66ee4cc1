#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a sync did.
package struct SyncSummary: Sendable, Equatable {
    /// The newest comic number.
    package var newest: Int
    /// Comics stored before the sync.
    package var alreadyStored: Int
    /// Comics fetched now.
    package var fetched: Int
    /// Numbers the server says do not exist.
    package var missing: [Int]
    /// Numbers that could not be fetched after retries.
    package var failed: [Int]
    /// Images fetched now (with `--images`).
    package var imagesFetched: Int
    /// Comics whose image could not be fetched.
    package var imagesFailed: [Int]
    /// explainxkcd pages stored now (with `--explanations`).
    package var explanationsFetched = 0
    /// Comics explainxkcd has no page for yet.
    package var explanationsMissing: [Int] = []
    /// Comics whose page could not be fetched after retries.
    package var explanationsFailed: [Int] = []
    /// Requests made to explainxkcd's batch API.
    package var explanationRequests = 0
    /// Why the last batch of explanations that failed did, if one did.
    package var explanationError: String?
    /// Whether Ctrl-C stopped it early.
    package var cancelled: Bool
    /// How long it took.
    package var seconds: TimeInterval

    /// Whether everything asked for arrived.
    package var isComplete: Bool { !cancelled && failed.isEmpty && imagesFailed.isEmpty && explanationsFailed.isEmpty }
}
