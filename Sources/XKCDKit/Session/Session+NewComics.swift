extension Session {
    /// How many comics `check`, the start-up and the background notices name with titles.
    static let checkNamed = 5

    /// The comics published since the last `check` and not seen.
    func check(notify: Bool) async throws -> Outcome {
        .newComics(try await reading.newComics(Self.checkNamed, .check), notify: notify)
    }

    /// On REPL start: the comics published since the last visit and not seen (nil when there
    /// are none, offline, or the server cannot be reached). With new ones, the newest becomes
    /// the current comic.
    package func startUp() async -> NewComics? {
        let before = state.current
        guard let report = await newComicsQuietly(), let newest = report.comics.last else { return nil }
        // A check that took long must not move a user who has started browsing meanwhile.
        if state.current == before, state.visit(newest.num) { try? save() }
        return report
    }

    /// A background check: the comics published since the last check and not seen, or nil
    /// (none, offline, or the server unreachable: the next check tries again).
    package func backgroundCheck() async -> NewComics? {
        await newComicsQuietly()
    }

    private func newComicsQuietly() async -> NewComics? {
        guard let report = try? await reading.newComics(Self.checkNamed, .visit), !report.comics.isEmpty else {
            return nil
        }
        return report
    }
}
