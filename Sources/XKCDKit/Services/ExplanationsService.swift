#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// explainxkcd pages, kept so they read offline.
public struct ExplanationsService: Sendable {
    /// The explainxkcd page of comic `num` (stored while fresh, else fetched and stored).
    public var page: @Sendable (_ num: Int) async throws -> ExplainPage
    /// The address of `page` on the wiki pages are fetched from.
    public var address: @Sendable (_ page: ExplainPage) -> String
}

extension ExplanationsService {
    /// The explanations of `repository`.
    public static func live(_ repository: ComicRepository) -> ExplanationsService {
        let wiki = repository.explainURL
        return ExplanationsService(
            page: { try await repository.explanation(of: $0) }, address: { $0.address(on: wiki) })
    }
}
