/// A source of command lines.
package protocol LineReader: AnyObject {
    /// Shows `prompt` (where the reader has a screen) and blocks until a line, an interrupt or the end of input.
    func read(prompt: String) -> LineEvent
    /// Records an entered line in history (no-op for plain readers).
    func addHistory(_ line: String)
    /// Persists history and restores the terminal.
    func close()
}

/// What one read from the terminal produced.
package enum LineEvent: Equatable, Sendable {
    /// A line the user entered, without its trailing newline.
    case line(String)
    /// Ctrl-C while typing: the line was abandoned.
    case interrupt
    /// Ctrl-D on an empty line, or the end of input.
    case endOfFile
}

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
