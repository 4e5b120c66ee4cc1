/// A comic in a list: number and display title (nil when it is not stored).
public struct ComicEntry: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title, when stored.
    public var title: String?

    /// Creates an entry.
    public init(num: Int, title: String?) {
        self.num = num
        self.title = title
    }
}
