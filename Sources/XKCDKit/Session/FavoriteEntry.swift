#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A favorite in a list.
public struct FavoriteEntry: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title.
    public var title: String
    /// Its publication date, `YYYY-MM-DD`.
    public var date: String
    /// When it became a favorite.
    public var addedAt: Date

    /// Creates an entry.
    public init(num: Int, title: String, date: String, addedAt: Date) {
        self.num = num
        self.title = title
        self.date = date
        self.addedAt = addedAt
    }
}
