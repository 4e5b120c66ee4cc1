/// What Tab should do to the text before the cursor.
package struct Completion: Sendable, Equatable {
    /// Characters before the cursor to replace.
    package var replaceCount: Int
    /// The text to put in their place.
    package var insertion: String
    /// Every match, for listing when there are several.
    package var candidates: [String]
    /// Why nothing can match, where that is worth a line below the prompt.
    package var note: String? = nil

    /// Nothing to complete.
    static let none = Completion(replaceCount: 0, insertion: "", candidates: [])

    /// Tab asking for a comic where next to nothing is stored: `stored` comics.
    static func fewStored(_ stored: Int) -> Completion {
        let held =
            stored == 0
            ? "no comics are stored yet" : "only \(stored) \(stored == 1 ? "comic is" : "comics are") stored"
        return Completion(
            replaceCount: 0, insertion: "", candidates: [],
            note: "\(held): 'sync' fetches the archive, for Tab to complete every title")
    }
}
