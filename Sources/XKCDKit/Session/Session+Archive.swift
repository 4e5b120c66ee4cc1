extension Session {
    /// Fetches every comic not stored yet (with `images`, their images too; with
    /// `explanations`, every explainxkcd page missing or stale), at most `jobs` at a time.
    func sync(images: Bool, explanations: Bool, jobs: Int?) async throws -> Outcome {
        .synced(try await archive.sync(images, explanations, jobs))
    }

    /// The stored comics matching `text`, best first.
    func search(_ text: String, limit: Int?) throws -> Outcome {
        guard let expression = SearchQuery.expression(text) else {
            throw XKCDError.cannotDo(
                "nothing to search for in \(UsageError.quote(text)) — give words, \"a phrase\" or a prefix*")
        }
        let (found, total) = try archive.search(expression, limit)
        let words = SearchQuery.words(text)
        let phrases = SearchQuery.phrases(text)
        let hits = found.map { hit in
            var hit = hit
            hit.terms = SearchQuery.terms(words, of: phrases, held: hit.heldPhrases)
            return hit
        }
        // A word some hit holds is in the index: only the others are looked up.
        let unmatched = words.filter { word in !hits.contains { $0.terms.contains(word) } }
        let suggested = unmatched.isEmpty ? [:] : try archive.suggestions(unmatched)
        if !suggested.isEmpty {
            var proposals: [String] = []
            for word in words { if let term = suggested[word], !proposals.contains(term) { proposals.append(term) } }
            let corrected = words.map { suggested[$0] ?? $0 }.joined(separator: " ")
            notify("did you mean \(proposals.joined(separator: ", "))? — search \(corrected)")
        }
        if hits.isEmpty, try archive.storedCount() == 0 {
            throw XKCDError.cannotDo(
                "nothing is stored yet to search — 'sync' (about two seconds) makes the whole archive searchable")
        }
        if hits.isEmpty, case let stored = try archive.storedCount(),
            stored < (try comics.knownNewestNumber() ?? 0) / 2
        {
            notify("note: only \(stored) comics are stored; run 'sync' to search them all")
        }
        return .searchResults(query: TerminalSanitizer.brief(text), hits: hits, total: total)
    }
}
