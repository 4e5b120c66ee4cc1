extension Session {
    /// What is stored and how large.
    func cacheStats() throws -> Outcome {
        .cacheStats(try cache.stats())
    }

    /// Deletes everything stored but the favorites, and gives the space back.
    func clearCache() throws -> Outcome {
        .cacheCleared(try cache.clear())
    }
}
