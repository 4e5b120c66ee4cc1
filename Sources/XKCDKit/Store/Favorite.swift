import Foundation

/// A favorite: the comic and when it was added.
public struct Favorite: Sendable, Equatable {
    /// The comic.
    public var comic: Comic
    /// When it became a favorite.
    public var addedAt: Date

    /// Creates a favorite.
    public init(comic: Comic, addedAt: Date) {
        self.comic = comic
        self.addedAt = addedAt
    }
}
