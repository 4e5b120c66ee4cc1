/// What the Tab key does with a `LineCompletion`, translated into libedit's units.
enum CompletionAction: Equatable {
    /// Delete `deleteScalars` Unicode scalars before the cursor (libedit's wide characters), then insert `insert`.
    case edit(deleteScalars: Int, insert: String)
    /// Nothing to change and several matches: list them.
    case list([String])
    /// Nothing to change and a single match: the word is already complete.
    case complete
    /// No match at all: beep.
    case noMatch

    /// Decides what to do with `completion`, given the text before the cursor it was computed from.
    init(completion: LineCompletion, textBeforeCursor: String) {
        let replaceCount = min(max(0, completion.replaceCount), textBeforeCursor.count)
        let replaced = textBeforeCursor.suffix(replaceCount)
        let insertion = TerminalText.withoutControlCharacters(completion.insertion)
        if String(replaced) != insertion {
            self = .edit(deleteScalars: replaced.unicodeScalars.count, insert: insertion)
        } else if completion.candidates.count >= 2 {
            self = .list(completion.candidates)
        } else if completion.candidates.count == 1 {
            self = .complete
        } else {
            self = .noMatch
        }
    }

    /// The text before the cursor once this action is applied (what libedit will hold).
    func applied(to textBeforeCursor: String) -> String {
        guard case let .edit(deleteScalars, insert) = self else { return textBeforeCursor }
        var scalars = textBeforeCursor.unicodeScalars
        scalars.removeLast(min(deleteScalars, scalars.count))
        return String(scalars) + insert
    }
}
