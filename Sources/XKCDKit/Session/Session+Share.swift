extension Session {
    /// The comic `reference` names (or the current one) written out as `format`.
    func share(
        _ reference: ComicReference?, _ format: ShareFormat, _ to: String?, _ copy: Bool,
        _ open: Bool
    ) async throws -> Outcome {
        let comic = DisplayComic(try await comic(try resolve(reference)))
        let base = comics.site
        let page = ShareText.pageURL(num: comic.num, base: base)
        let text: String
        switch format {
        case .text: text = ShareText.text(comic, base: base)
        case .mailto: text = ShareText.mailto(comic, base: base, to: to)
        case .markdown: text = ShareText.markdown(comic, base: base)
        }
        return .shared(
            ShareResult(
                num: comic.num, format: format, text: text,
                openURL: format == .mailto ? text : page, copy: copy, open: open))
    }

    /// The page of the comic `reference` names (or the current one), to open in the browser.
    func openPage(_ reference: ComicReference?) throws -> Outcome {
        guard let target = try resolve(reference) ?? state.current else { throw XKCDError.noCurrentComic }
        return .open(url: ShareText.pageURL(num: target, base: comics.site))
    }
}
