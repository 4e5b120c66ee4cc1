#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A favorite in a list.
package struct FavoriteEntry: Sendable, Equatable {
    /// The comic's number.
    var num: Int
    /// Its display title.
    package var title: String
    /// Its publication date, `YYYY-MM-DD`.
    var date: String
    /// When it became a favorite.
    var addedAt: Date

}

/// A comic in a list: number and display title (nil when it is not stored).
package struct ComicEntry: Sendable, Equatable {
    /// The comic's number.
    var num: Int
    /// Its display title, when stored.
    package var title: String?

}
