/// One thing Tab can put in place of what was typed.
public struct CompletionCandidate: Sendable, Equatable {
    /// The text.
    public var value: String
    /// A few words about it (a command's summary, a comic's title or number), if any.
    public var note: String?

    /// A candidate.
    public init(_ value: String, note: String? = nil) {
        self.value = value
        self.note = note
    }
}
