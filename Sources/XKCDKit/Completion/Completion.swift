/// What Tab should do to the text before the cursor.
public struct Completion: Sendable, Equatable {
    /// Characters before the cursor to replace.
    public var replaceCount: Int
    /// The text to put in their place.
    public var insertion: String
    /// Every match, for listing when there are several.
    public var candidates: [String]

    /// Creates a completion.
    public init(replaceCount: Int, insertion: String, candidates: [String]) {
        self.replaceCount = replaceCount
        self.insertion = insertion
        self.candidates = candidates
    }

    /// Nothing to complete.
    public static let none = Completion(replaceCount: 0, insertion: "", candidates: [])
}
