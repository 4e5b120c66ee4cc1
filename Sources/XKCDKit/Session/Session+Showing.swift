extension Session {
    /// The card of the comic `reference` names (or the current one); it counts as read.
    func show(_ reference: ComicReference?) async throws -> Outcome {
        shown(try await comic(try resolve(reference)))
    }

    /// The alt text of the comic `reference` names (or the current one).
    func altText(_ reference: ComicReference?) async throws -> Outcome {
        .alt(DisplayComic(try await comic(try resolve(reference))))
    }

    /// The transcript of the comic `reference` names (or the current one): xkcd's own where
    /// it has one that is this comic's, else explainxkcd's community transcript (stored, or
    /// fetched with the page when online).
    func transcript(_ reference: ComicReference?) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        if TranscriptOwner.belongs(comic.transcript, alt: comic.alt) {
            return .transcript(TranscriptView(num: comic.num, text: DisplayComic(comic).transcript, source: .xkcd))
        }
        let none = TranscriptView(num: comic.num, text: "", source: nil)
        let page: ExplainPage
        do {
            page = try await explanations.page(comic.num)
        } catch XKCDError.noExplanation {
            return .transcript(none)
        } catch XKCDError.explanationNotStoredOffline {
            throw XKCDError.cannotDo(
                "#\(comic.num) has no transcript from xkcd, and explainxkcd's is not stored — "
                    + "run 'sync --explanations' while online")
        }
        guard let section = WikiMarkup.transcriptSection(of: page.wikitext) else { return .transcript(none) }
        let document = WikiMarkup.document(from: section)
        let text = WikiPlainText.text(of: document)
        guard !text.isEmpty else { return .transcript(none) }
        notify("transcript by explainxkcd's community (xkcd has none for #\(comic.num))")
        return .transcript(TranscriptView(num: comic.num, text: text, source: .explainxkcd, document: document))
    }
}
