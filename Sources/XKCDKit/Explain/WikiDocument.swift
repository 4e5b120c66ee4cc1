/// A wiki page turned into blocks, with its footnotes (`<ref>`) in order.
package struct WikiDocument: Sendable, Equatable {
    /// The page's blocks.
    package var blocks: [WikiBlock]
    /// Footnote texts, pointed at by runs' ``WikiRun/note``.
    package var notes: [[WikiRun]]

    /// Creates a document.
    package init(blocks: [WikiBlock], notes: [[WikiRun]] = []) {
        self.blocks = blocks
        self.notes = notes
    }
}
