extension Session {
    /// The comic `reference` names (or the current one) written out as `format`.
    func share(
        _ reference: ComicReference?, _ format: ShareFormat, _ to: String?, _ copy: Bool,
        _ open: Bool
    ) async throws -> Outcome {
        let comic = DisplayComic(try await comic(try resolve(reference)))
        let text: String
        switch format {
        case .text: text = ShareText.text(comic)
        case .mailto: text = ShareText.mailto(comic, to: to)
        case .markdown: text = ShareText.markdown(comic)
        }
        return .shared(
            ShareResult(
                num: comic.num, format: format, text: text,
                openURL: format == .mailto ? text : comic.pageURL, copy: copy, open: open))
    }

    /// The page of the comic `reference` names (or the current one), to open in the browser.
    func openPage(_ reference: ComicReference?) throws -> Outcome {
        guard let target = try resolve(reference) ?? state.current else { throw XKCDError.noCurrentComic }
        return .open(url: Comic.pageURL(of: target))
    }
}
