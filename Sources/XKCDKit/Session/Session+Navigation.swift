#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {
    /// Goes to the newest comic.
    func goToLatest() async throws -> Outcome {
        try navigate(to: try await comics.latest())
    }

    /// Goes to the comic `reference` names.
    func goTo(_ reference: ComicReference) async throws -> Outcome {
        try navigate(to: try await comics.comic(try resolve(reference)))
    }

    /// Returns to the comic before the current one.
    func goBack() async throws -> Outcome {
        guard let target = state.backStack.last else { throw XKCDError.nothingToGo("nothing to go back to") }
        let comic = try await comics.comic(target)
        // Another command may have moved while the comic was fetched.
        guard state.goBack() == target else { throw XKCDError.nothingToGo("the history changed — try again") }
        try save()
        return shown(comic)
    }

    /// Returns to the comic left with `back`.
    func goForward() async throws -> Outcome {
        guard let target = state.forwardStack.last else { throw XKCDError.nothingToGo("nothing to go forward to") }
        let comic = try await comics.comic(target)
        guard state.goForward() == target else { throw XKCDError.nothingToGo("the history changed — try again") }
        try save()
        return shown(comic)
    }

    /// The comics visited, most recent first: the latest `limit` (nil: all).
    func history(limit: Int?) throws -> Outcome {
        let all = state.recentFirst
        let numbers = limit.map { Array(all.prefix($0)) } ?? all
        let titles = try comics.titles(numbers)
        return .history(numbers.map { ComicEntry(num: $0, title: titles[$0]) }, total: all.count)
    }

    /// Comic `num`, or the current one when nil.
    func comic(_ num: Int?) async throws -> Comic {
        guard let target = num ?? state.current else { throw XKCDError.noCurrentComic }
        return try await comics.comic(target)
    }

    /// Makes `comic` the current one and shows it.
    func navigate(to comic: Comic) throws -> Outcome {
        if state.visit(comic.num) { try save() }
        return shown(comic)
    }

    // Every comic shown counts as read, best effort: a busy store must not fail the command.
    func shown(_ comic: Comic) -> Outcome {
        try? reading.markSeen(comic.num, now())
        return .comic(DisplayComic(comic))
    }

    /// Goes `offset` comics from the current one (backwards when negative), stepping over
    /// numbers that do not exist.
    func step(by offset: Int) async throws -> Outcome {
        try navigate(to: try await comic(steppedBy: offset))
    }

    private func comic(steppedBy offset: Int) async throws -> Comic {
        guard let start = state.current else { throw XKCDError.noCurrentComic }
        let newest = try await comics.newestNumber()
        var step = try ComicStep(from: start, by: offset, newest: newest, absent: try comics.absentNumbers())
        while true {
            do {
                return try await comics.comic(step.target)
            } catch XKCDError.noSuchComic {
                try step.skipMissing()
            }
        }
    }
}

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
