/// Comics published since the last check that the reader has not seen.
public struct NewComics: Sendable, Equatable {
    /// The new comics, oldest first; titles only for the first few (nil for the rest, or
    /// when a comic could not be fetched).
    public var comics: [ComicEntry]
    /// The newest comic on the server.
    public var newest: Int

    /// A report.
    public init(comics: [ComicEntry], newest: Int) {
        self.comics = comics
        self.newest = newest
    }
}
