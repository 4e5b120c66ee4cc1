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
