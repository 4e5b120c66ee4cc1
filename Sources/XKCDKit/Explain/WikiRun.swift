/// A run of text with the styling MediaWiki markup gave it.
package struct WikiRun: Sendable, Equatable {
    /// The visible text (already plain: no markup, entities decoded).
    package var text: String
    /// `'''bold'''`.
    package var bold = false
    /// `''italic''`.
    package var italic = false
    /// The external address this text links to (`[url text]`), if any.
    package var url: String?
    /// A footnote mark (`<ref>`): the index of its note in ``WikiDocument/notes``; the text is empty.
    package var note: Int?

    /// Creates a run.
    package init(_ text: String, bold: Bool = false, italic: Bool = false, url: String? = nil, note: Int? = nil) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.url = url
        self.note = note
    }
}
