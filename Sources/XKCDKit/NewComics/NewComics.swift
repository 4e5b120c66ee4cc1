/// Comics published since the last check that the reader has not seen.
package struct NewComics: Sendable, Equatable {
    /// The new comics, oldest first; titles only for the first few (nil for the rest, or
    /// when a comic could not be fetched).
    package var comics: [ComicEntry]
    /// The newest comic on the server.
    package var newest: Int

    /// `#2666 Lava Lamp` for each of the first `limit` comics.
    package func names(first limit: Int) -> [String] {
        comics.prefix(limit).map { "#\($0.num)" + ($0.title.map { " \($0)" } ?? "") }
    }

    /// A report.
    package init(comics: [ComicEntry], newest: Int) {
        self.comics = comics
        self.newest = newest
    }
}
