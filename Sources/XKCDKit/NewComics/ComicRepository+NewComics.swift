#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whose "already reported" mark a new-comics check moves: `check` (scripts and cron) and the
/// REPL keep their own, so a cron job does not swallow the REPL's "since your last visit".
package enum NewComicsMark: String, Sendable {
    /// `check`.
    case check = "check.reported_newest"
    /// The REPL's start-up and background checks.
    case visit = "visit.reported_newest"
}

extension ComicRepository {
    private static let validatorsKey = "check.validators"
    /// The most comics one report lists (the newest ones, after a long absence).
    static let reportLimit = 1_000

    /// Asks the server for its newest comic (conditionally, when it sent validators before)
    /// and returns the comics published since `mark` was last moved that were not seen yet,
    /// with the titles of the first `named`. Each comic is reported once per mark: the range
    /// is claimed before titles are fetched, so two checks at once cannot both report it.
    /// The first check ever reports nothing; it notes where the archive stands.
    package func newComics(named: Int, mark: NewComicsMark) async throws -> NewComics {
        guard !offline else {
            throw XKCDError.cannotDo("checking for new comics needs the network — run it without --offline")
        }
        let newest = try await checkedNewestNumber()
        let reported = try store.setting(mark.rawValue)
        guard let last = reported.flatMap(Int.init), newest > last else {
            if reported == nil { _ = try store.replaceSetting(mark.rawValue, expected: nil, with: String(newest)) }
            return NewComics(comics: [], newest: newest)
        }
        guard try store.replaceSetting(mark.rawValue, expected: reported, with: String(newest)) else {
            return NewComics(comics: [], newest: newest)
        }
        let skip = try store.seenNumbers().union(try absentNumbers())
        let numbers = (max(last + 1, newest - Self.reportLimit + 1)...newest).filter { !skip.contains($0) }
        return NewComics(comics: try await entries(numbers, titled: named), newest: newest)
    }

    /// `numbers` as list entries, at most `limit` of them, the first `titled` with their titles
    /// (fetched if need be; nil when that fails). Numbers the server does not have are left out.
    package func entries(_ numbers: [Int], titled: Int, limit: Int = .max) async throws -> [ComicEntry] {
        var entries: [ComicEntry] = []
        for num in numbers where entries.count < limit {
            guard entries.count < titled else {
                entries.append(ComicEntry(num: num, title: try store.titles(of: [num])[num]))
                continue
            }
            do {
                entries.append(ComicEntry(num: num, title: DisplayComic(try await comic(num)).title))
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch XKCDError.noSuchComic {
                continue
            } catch {
                entries.append(ComicEntry(num: num, title: nil))
            }
        }
        return entries
    }

    // The newest number, by a conditional request once the server has sent validators.
    private func checkedNewestNumber() async throws -> Int {
        let validators =
            try store.setting(Self.validatorsKey).flatMap(HTTPValidators.init(encoded:)) ?? HTTPValidators()
        switch try await client.latest(ifChangedSince: validators) {
        case let .found(comic, fresh):
            try store.save(comic, at: now())
            try recordLatest(comic.num)
            try store.setSetting(Self.validatorsKey, fresh.isEmpty ? nil : fresh.encoded)
            return comic.num
        case .notModified:
            guard let known = try knownNewestNumber() else {
                // Validators without a known newest number (a cleared store): ask in full.
                try store.setSetting(Self.validatorsKey, nil)
                return try await checkedNewestNumber()
            }
            try recordLatest(known)
            return known
        }
    }
}
