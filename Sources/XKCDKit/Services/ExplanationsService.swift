import Foundation

/// explainxkcd pages, kept so they read offline.
public struct ExplanationsService: Sendable {
    /// The explainxkcd page of comic `num` (stored while fresh, else fetched and stored).
    public var page: @Sendable (_ num: Int) async throws -> ExplainPage
}

extension ExplanationsService {
    /// The explanations of `repository`.
    public static func live(_ repository: ComicRepository) -> ExplanationsService {
        ExplanationsService(page: { try await repository.explanation(of: $0) })
    }
}
