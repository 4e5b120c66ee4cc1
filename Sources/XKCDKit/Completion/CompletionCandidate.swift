/// One thing Tab can put in place of what was typed.
package struct CompletionCandidate: Sendable, Equatable {
    /// The text.
    package var value: String
    /// A few words about it (a command's summary, a comic's title or number), if any.
    package var note: String?

    /// A candidate.
    package init(_ value: String, note: String? = nil) {
        self.value = value
        self.note = note
    }
}
