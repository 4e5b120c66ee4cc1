/// An explanation to show.
package struct ExplanationView: Sendable, Equatable {
    var num: Int
    /// The comic's display title.
    package var title: String
    /// The explainxkcd page title, e.g. `353: Python`.
    var pageTitle: String
    /// The page's address on the wiki.
    var url: String
    /// The rendered section (or whole page).
    var document: WikiDocument
    /// Whether this is the whole page.
    var wholePage: Bool
    /// The page's mark that its explanation is unfinished, if it has one.
    var incomplete: IncompleteNotice?
}

/// A comic's transcript to show: xkcd's own, or explainxkcd's community transcript.
package struct TranscriptView: Sendable, Equatable {
    /// Who wrote a transcript.
    enum Source: String, Sendable {
        /// xkcd's own, served with the comic.
        case xkcd
        /// explainxkcd's Transcript section, written by its community.
        case explainxkcd
    }

    var num: Int
    /// The transcript as plain text; empty when there is none.
    var text: String
    /// Where it comes from; nil when there is none.
    var source: Source?
    /// explainxkcd's transcript as a document, laid out like an explanation; nil for xkcd's.
    var document: WikiDocument?
}

extension Session {
    /// The explanation of the comic `reference` names (or the current one): its Explanation
    /// section, or with `all` (or when there is no such section) the whole page; with the
    /// page's address and its mark when it says it is incomplete.
    func explain(_ reference: ComicReference?, all: Bool) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        let page = try await source.explanation(of: comic.num)
        let section = all ? nil : WikiMarkup.explanationSection(of: page.wikitext)
        return .explanation(
            ExplanationView(
                num: comic.num, title: DisplayComic(comic).title,
                pageTitle: TerminalSanitizer.sanitize(page.title, multiline: false),
                url: page.address(on: source.explainURL),
                document: try WikiMarkup.document(from: section ?? page.wikitext),
                wholePage: section == nil, incomplete: try IncompleteNotice.find(in: page.wikitext)))
    }
}
