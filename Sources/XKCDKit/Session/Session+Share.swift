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

/// A comic written out for sharing.
package struct ShareResult: Sendable, Equatable {
    /// The comic.
    package var num: Int
    /// How it is written.
    package var format: ShareFormat
    /// The text, `mailto:` URL or Markdown.
    package var text: String
    /// What `--open` hands to the opener: the `mailto:` URL, else the comic's page.
    package var openURL: String
    /// Put it on the clipboard.
    package var copy: Bool
    /// Hand it to the system opener.
    package var open: Bool
}
