#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// explainxkcd's pages: the stored one while fresh, else the network.
extension ComicSource {
    /// How long a stored explanation is used before it is fetched again (pages get edited).
    static let explanationMaxAge: TimeInterval = 7 * 24 * 3600

    /// The explainxkcd wiki's base address (`--explain-url`).
    var explainURL: URL { client.explainURL }

    /// The explainxkcd page of `num`: the stored copy while it is fresh (or offline), else a
    /// new fetch, stored. When the network fails, a stale stored copy is served with a notice.
    func explanation(of num: Int) async throws -> ExplainPage {
        let stored = try store.explanation(num)
        if offline {
            guard let stored else { throw XKCDError.explanationNotStoredOffline(num) }
            return stored.page
        }
        if let stored, now().timeIntervalSince(stored.fetchedAt) < Self.explanationMaxAge {
            return stored.page
        }
        do {
            let page = try await client.explanation(of: num)
            // A store that cannot take it (a full disk) does not keep the page from being read.
            try remember { try store.saveExplanation(page, at: now()) }
            return page
        } catch let error as XKCDError {
            guard let stored, Self.isUnreachable(error) else { throw error }
            notify(
                "offline: \(XKCDError.message(for: error)) — showing the explanation stored on \(DateText.utcDay(stored.fetchedAt))"
            )
            return stored.page
        }
    }
}
