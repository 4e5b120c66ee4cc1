#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whose "already reported" mark a new-comics check moves: `check` (scripts and cron) and the
/// REPL keep their own, so a cron job does not swallow the REPL's "since your last visit".
enum NewComicsMark: Sendable {
    /// `check`.
    case check
    /// The REPL's start-up and background checks.
    case visit
}

/// New comics: what a check reports since its mark, each comic once per mark.
extension ComicSource {
    /// The most comics one report lists (the newest ones, after a long absence).
    static let reportLimit = 1_000

    /// Asks the server for its newest comic (conditionally, when it sent validators before)
    /// and returns the comics published since `mark` was last moved that were not seen yet,
    /// with the titles of the first `named`. Each comic is reported once per mark: the range
    /// is claimed before titles are fetched, so two checks at once cannot both report it.
    /// Storing comics (a sync) moves no mark: they are reported all the same. The first check
    /// for a mark counts from the newest comic known before it; with none known, it reports
    /// nothing and notes where the archive stands.
    func newComics(named: Int, mark: NewComicsMark) async throws -> NewComics {
        guard !offline else {
            throw XKCDError.cannotDo("checking for new comics needs the network — run it without --offline")
        }
        let known = try knownNewestNumber()
        let newest = try await checkedNewestNumber()
        let reported = try store.state(.reportedNewest(mark))
        guard let last = reported.flatMap(Int.init) ?? known, newest > last else {
            if reported == nil {
                _ = try store.replaceState(.reportedNewest(mark), expected: nil, with: String(newest))
            }
            return NewComics(comics: [], newest: newest)
        }
        guard try store.replaceState(.reportedNewest(mark), expected: reported, with: String(newest)) else {
            return NewComics(comics: [], newest: newest)
        }
        let skip = try store.seenNumbers().union(try absentNumbers())
        let numbers = (max(last + 1, newest - Self.reportLimit + 1)...newest).filter { !skip.contains($0) }
        return NewComics(comics: try await entries(numbers, titled: named), newest: newest)
    }

    /// `numbers` as list entries, at most `limit` of them, the first `titled` with their titles
    /// (fetched if need be; nil when that fails). Numbers the server does not have are left out.
    func entries(_ numbers: [Int], titled: Int, limit: Int = .max) async throws -> [ComicEntry] {
        var entries: [ComicEntry] = []
        for num in numbers where entries.count < limit {
            guard entries.count < titled else {
                entries.append(ComicEntry(num: num, title: try store.titles(of: [num])[num]))
                continue
            }
            do {
                entries.append(ComicEntry(num: num, title: DisplayComic(try await comic(num)).title))
            } catch XKCDError.noSuchComic {
                continue
            } catch  where !error.isCancellation {
                entries.append(ComicEntry(num: num, title: nil))
            }
        }
        return entries
    }

    // The newest number, by a conditional request once the server has sent validators.
    private func checkedNewestNumber() async throws -> Int {
        let validators =
            try store.state(.checkValidators).flatMap(HTTPValidators.init(encoded:)) ?? HTTPValidators()
        switch try await client.latest(ifChangedSince: validators) {
        case let .found(comic, fresh):
            try store.save(comic, at: now())
            try recordLatest(comic.num)
            try store.setState(.checkValidators, fresh.isEmpty ? nil : fresh.encoded)
            return comic.num
        case .notModified:
            guard let known = try knownNewestNumber() else {
                // Validators without a known newest number (a cleared store): ask in full.
                try store.setState(.checkValidators, nil)
                return try await checkedNewestNumber()
            }
            try recordLatest(known)
            return known
        }
    }
}
