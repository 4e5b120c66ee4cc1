/// A wiki page turned into blocks, with its footnotes (`<ref>`) in order.
package struct WikiDocument: Sendable, Equatable {
    /// The page's blocks.
    var blocks: [WikiBlock]
    /// Footnote texts, pointed at by runs' ``WikiRun/note``.
    var notes: [[WikiRun]]

    /// Creates a document.
    init(blocks: [WikiBlock], notes: [[WikiRun]] = []) {
        self.blocks = blocks
        self.notes = notes
    }
}

/// One block of a rendered wiki page.
enum WikiBlock: Sendable, Equatable {
    /// A section heading (`== … ==` is level 2).
    case heading(level: Int, [WikiRun])
    /// A paragraph (`marker` nil) or list item: `indent` levels deep, led by `marker` (`•`, `1.`,
    /// or empty for indents and terms).
    case paragraph(indent: Int, marker: String?, [WikiRun])
    /// Preformatted lines, shown as written.
    case preformatted([String])
    /// A table: rows of plain cells; `header` when the first row holds headings.
    case table(rows: [[String]], header: Bool)
}

/// A run of text with the styling MediaWiki markup gave it.
struct WikiRun: Sendable, Equatable {
    /// The visible text (already plain: no markup, entities decoded).
    var text: String
    /// `'''bold'''`.
    var bold = false
    /// `''italic''`.
    var italic = false
    /// The external address this text links to (`[url text]`), if any.
    var url: String?
    /// A footnote mark (`<ref>`): the index of its note in ``WikiDocument/notes``; the text is empty.
    var note: Int?

    /// Creates a run.
    init(_ text: String, bold: Bool = false, italic: Bool = false, url: String? = nil, note: Int? = nil) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.url = url
        self.note = note
    }
}
