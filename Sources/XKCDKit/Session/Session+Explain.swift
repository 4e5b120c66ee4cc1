extension Session {
    /// The explanation of comic `num` (or the current one): its Explanation section, or with
    /// `all` (or when there is no such section) the whole page.
    func explain(_ num: Int?, all: Bool) async throws -> Outcome {
        let comic = try await comic(num)
        let page = try await explanations.page(comic.num)
        let section = all ? nil : WikiMarkup.explanationSection(of: page.wikitext)
        return .explanation(ExplanationView(num: comic.num, title: DisplayComic(comic).title,
                                            pageTitle: TerminalSanitizer.sanitize(page.title, multiline: false),
                                            document: WikiMarkup.document(from: section ?? page.wikitext),
                                            wholePage: section == nil))
    }
}
