/// A comic in a list: number and display title (nil when it is not stored).
package struct ComicEntry: Sendable, Equatable {
    /// The comic's number.
    package var num: Int
    /// Its display title, when stored.
    package var title: String?

    /// Creates an entry.
    package init(num: Int, title: String?) {
        self.num = num
        self.title = title
    }
}
