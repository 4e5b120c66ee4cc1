#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An explainxkcd page as stored, with when it was fetched.
package struct StoredExplanation: Sendable, Equatable {
    /// The page.
    package var page: ExplainPage
    /// When it was fetched.
    package var fetchedAt: Date
}
