/// explainxkcd's mark on a page whose explanation is not finished: `{{incomplete|reason}}`,
/// shown on the wiki as a box above the text. The reason is optional, may run over several
/// lines and holds markup of its own.
package struct IncompleteNotice: Sendable, Equatable {
    /// Why the page says it is incomplete, as plain text (a line a paragraph or list item);
    /// nil when it gives no reason.
    package var reason: String?

    /// A notice giving `reason`.
    package init(reason: String?) {
        self.reason = reason
    }

    /// The first such mark in a page's MediaWiki source, nil when there is none. Templates
    /// whose names only begin alike (`{{incomplete transcript}}`) mark other parts of a page.
    package static func find(in wikitext: String) -> IncompleteNotice? {
        let s = Array(wikitext.unicodeScalars)
        var from = 0
        while let start = WikiSource.find(s, "{{incomplete", from: from) {
            from = start + 2
            // An unclosed template is dropped when the page is shown, and so is this.
            guard let end = WikiSource.closingBraces(s, from: start, open: "{", close: "}") else { return nil }
            let parts = WikiSource.splitParameters(WikiSource.text(s[(start + 2)..<(end - 2)]))
            let name = parts[0].replacingEvery("_", with: " ").trimmingSpacesAndNewlines().lowercased()
            guard name == "incomplete" else { continue }
            return IncompleteNotice(reason: reason(parts.dropFirst().joined(separator: "|")))
        }
        return nil
    }

    private static func reason(_ source: String) -> String? {
        let text = WikiPlainText.text(of: WikiMarkup.document(from: source))
        let lines = text.split(separator: "\n").map { TerminalSanitizer.sanitize(String($0), multiline: false) }
            .filter { !$0.trimmingSpaces().isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
