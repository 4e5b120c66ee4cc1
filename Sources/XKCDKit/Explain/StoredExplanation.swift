#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An explainxkcd page as stored, with when it was fetched.
public struct StoredExplanation: Sendable, Equatable {
    /// The page.
    public var page: ExplainPage
    /// When it was fetched.
    public var fetchedAt: Date
}
