import Foundation

/// What the search index and `transcript` take from an explainxkcd page: its Explanation and
/// Transcript sections as plain text, and whether the page is still marked incomplete.
public struct ExplanationText: Sendable, Equatable {
    /// The Explanation section (the whole page when it has none), as plain text.
    public var explanation: String
    /// The community transcript, as plain text; empty when the page has none.
    public var transcript: String
    /// Whether the page carries an `{{incomplete…}}` notice, `{{incomplete transcript}}`
    /// included (it is fetched again sooner).
    public var incomplete: Bool

    /// The text of a page's MediaWiki source.
    public init(wikitext: String) {
        let explanationSource = WikiMarkup.explanationSection(of: wikitext) ?? wikitext
        explanation = WikiPlainText.text(of: WikiMarkup.document(from: explanationSource))
        transcript =
            WikiMarkup.transcriptSection(of: wikitext).map {
                WikiPlainText.text(of: WikiMarkup.document(from: $0))
            } ?? ""
        incomplete = ASCIICase.offset(of: "{{incomplete", in: Array(wikitext.utf8)) != nil
    }
}
