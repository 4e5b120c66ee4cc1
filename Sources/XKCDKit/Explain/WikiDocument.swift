/// A wiki page turned into blocks, with its footnotes (`<ref>`) in order.
public struct WikiDocument: Sendable, Equatable {
    /// The page's blocks.
    public var blocks: [WikiBlock]
    /// Footnote texts, pointed at by runs' ``WikiRun/note``.
    public var notes: [[WikiRun]]

    /// Creates a document.
    public init(blocks: [WikiBlock], notes: [[WikiRun]] = []) {
        self.blocks = blocks
        self.notes = notes
    }
}
