/// What the store holds, for `cache stats`.
public struct StoreCounts: Sendable, Equatable {
    /// Comics stored.
    public var comics: Int
    /// Images stored.
    public var images: Int
    /// Their total size.
    public var imageBytes: Int
    /// Favorites.
    public var favorites: Int
}

/// Stored comics, images and explanations that are not a favorite's: what `cache clear`
/// deletes.
public struct ClearableItems: Sendable, Equatable {
    /// Comics.
    public var comics: Int
    /// Images.
    public var images: Int
    /// explainxkcd pages.
    public var explanations: Int
}
