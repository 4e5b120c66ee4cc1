#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A favorite: the comic and when it was added.
package struct Favorite: Sendable, Equatable {
    /// The comic.
    package var comic: Comic
    /// When it became a favorite.
    package var addedAt: Date

    /// Creates a favorite.
    package init(comic: Comic, addedAt: Date) {
        self.comic = comic
        self.addedAt = addedAt
    }
}

/// What a favorite keeps for offline use besides its card.
package struct FavoriteCopies: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    /// A set from its raw bits.
    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Its image.
    package static let image = FavoriteCopies(rawValue: 1)
    /// Its explainxkcd page.
    package static let explanation = FavoriteCopies(rawValue: 2)

    /// The copies it holds, by name, in this order: "image", "explanation".
    package var names: [String] {
        [(Self.image, "image"), (Self.explanation, "explanation")].filter { contains($0.0) }.map(\.1)
    }
}
