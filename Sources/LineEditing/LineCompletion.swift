/// What Tab should do, computed by a pure completer elsewhere.
public struct LineCompletion: Equatable, Sendable {
    /// How many characters (Swift `Character`s) immediately before the cursor to delete.
    public var replaceCount: Int
    /// The text to insert at the cursor after deleting.
    public var insertion: String
    /// Every match, for listing when Tab cannot decide.
    public var candidates: [String]

    /// Creates a completion that replaces `replaceCount` characters before the cursor with `insertion`.
    public init(replaceCount: Int, insertion: String, candidates: [String]) {
        self.replaceCount = replaceCount
        self.insertion = insertion
        self.candidates = candidates
    }
}

/// Called with the text before the cursor; returns what Tab should do.
public typealias CompletionHandler = @Sendable (_ textBeforeCursor: String) -> LineCompletion
