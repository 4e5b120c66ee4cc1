#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

/// What a favorite keeps for offline use besides its card.
public struct FavoriteCopies: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// A set from its raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Its image.
    public static let image = FavoriteCopies(rawValue: 1)
    /// Its explainxkcd page.
    public static let explanation = FavoriteCopies(rawValue: 2)

    /// The copies it holds, by name, in this order: "image", "explanation".
    public var names: [String] {
        [(Self.image, "image"), (Self.explanation, "explanation")].filter { contains($0.0) }.map(\.1)
    }
}
