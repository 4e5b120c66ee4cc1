extension Session {
    /// What is stored and how large.
    func cacheStats() throws -> Outcome {
        .cacheStats(try cache.stats())
    }

    /// Deletes everything stored but the favorites.
    func clearCache() throws -> Outcome {
        let cleared = try cache.clear()
        return .cacheCleared(comics: cleared.comics, images: cleared.images)
    }
}
