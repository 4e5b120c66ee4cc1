extension Session {
    /// Goes to a comic not shown this session, never one that does not exist (nor, offline,
    /// one not stored).
    func goToRandom() async throws -> Outcome {
        try navigate(to: try await randomComic())
    }

    private func randomComic() async throws -> Comic {
        let newest = try await comics.newestNumber()
        var excluded = SessionState.randomExclusions(
            newest: newest, absent: try comics.absentNumbers(),
            stored: comics.offline ? try comics.storedNumbers() : nil)
        for _ in 0..<100 {
            guard let pick = state.pickRandom(newest: newest, excluded: excluded, roll: roll) else { break }
            do {
                return try await comics.comic(pick)
            } catch XKCDError.noSuchComic {
                excluded.insert(pick)
            }
        }
        throw XKCDError.endOfArchive("no comic to pick from")
    }
}
