/// A run of text with the styling MediaWiki markup gave it.
public struct WikiRun: Sendable, Equatable {
    /// The visible text (already plain: no markup, entities decoded).
    public var text: String
    /// `'''bold'''`.
    public var bold = false
    /// `''italic''`.
    public var italic = false
    /// The external address this text links to (`[url text]`), if any.
    public var url: String?
    /// A footnote mark (`<ref>`): the index of its note in ``WikiDocument/notes``; the text is empty.
    public var note: Int?

    /// Creates a run.
    public init(_ text: String, bold: Bool = false, italic: Bool = false, url: String? = nil, note: Int? = nil) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.url = url
        self.note = note
    }
}
