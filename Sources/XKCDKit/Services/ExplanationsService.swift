#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// explainxkcd pages, kept so they read offline.
package struct ExplanationsService: Sendable {
    /// The explainxkcd page of comic `num` (stored while fresh, else fetched and stored).
    package var page: @Sendable (_ num: Int) async throws -> ExplainPage
    /// The address of `page` on the wiki pages are fetched from.
    package var address: @Sendable (_ page: ExplainPage) -> String
}

extension ExplanationsService {
    /// The explanations of `repository`.
    package static func live(_ repository: ComicRepository) -> ExplanationsService {
        let wiki = repository.explainURL
        return ExplanationsService(
            page: { try await repository.explanation(of: $0) }, address: { $0.address(on: wiki) })
    }
}
