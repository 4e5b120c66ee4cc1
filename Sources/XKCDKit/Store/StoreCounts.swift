/// What the store holds, for `cache stats`.
package struct StoreCounts: Sendable, Equatable {
    /// Comics stored.
    package var comics: Int
    /// Images stored.
    package var images: Int
    /// Their total size.
    package var imageBytes: Int
    /// Favorites.
    package var favorites: Int
}

/// Stored comics, images and explanations that are not a favorite's: what `cache clear`
/// deletes.
package struct ClearableItems: Sendable, Equatable {
    /// Comics.
    package var comics: Int
    /// Images.
    package var images: Int
    /// explainxkcd pages.
    package var explanations: Int
}
