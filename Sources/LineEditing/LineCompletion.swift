/// What Tab should do, computed by a pure completer elsewhere.
package struct LineCompletion: Equatable, Sendable {
    /// How many characters (Swift `Character`s) immediately before the cursor to delete.
    package var replaceCount: Int
    /// The text to insert at the cursor after deleting.
    package var insertion: String
    /// Every match, for listing when Tab cannot decide.
    package var candidates: [String]

    /// Creates a completion that replaces `replaceCount` characters before the cursor with `insertion`.
    package init(replaceCount: Int, insertion: String, candidates: [String]) {
        self.replaceCount = replaceCount
        self.insertion = insertion
        self.candidates = candidates
    }
}

/// Called with the text before the cursor; returns what Tab should do.
package typealias CompletionHandler = @Sendable (_ textBeforeCursor: String) -> LineCompletion
