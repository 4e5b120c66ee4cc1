/// What Tab should do to the text before the cursor.
package struct Completion: Sendable, Equatable {
    /// Characters before the cursor to replace.
    package var replaceCount: Int
    /// The text to put in their place.
    package var insertion: String
    /// Every match, for listing when there are several.
    package var candidates: [String]

    /// Nothing to complete.
    static let none = Completion(replaceCount: 0, insertion: "", candidates: [])
}
