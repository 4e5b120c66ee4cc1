extension Session {
    /// The explanation of the comic `reference` names (or the current one): its Explanation
    /// section, or with `all` (or when there is no such section) the whole page; with the
    /// page's address and its mark when it says it is incomplete.
    func explain(_ reference: ComicReference?, all: Bool) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        let page = try await explanations.page(comic.num)
        let section = all ? nil : WikiMarkup.explanationSection(of: page.wikitext)
        return .explanation(
            ExplanationView(
                num: comic.num, title: DisplayComic(comic).title,
                pageTitle: TerminalSanitizer.sanitize(page.title, multiline: false),
                url: explanations.address(page), document: WikiMarkup.document(from: section ?? page.wikitext),
                wholePage: section == nil, incomplete: IncompleteNotice.find(in: page.wikitext)))
    }
}
