import Foundation

extension ComicRepository {
    private enum CheckKey {
        /// The newest comic already reported (or known at the first check).
        static let reported = "check.reported_newest"
        /// The newest comic's validators, for a conditional request next time.
        static let validators = "check.validators"
    }

    /// Asks the server for its newest comic (conditionally, when it sent validators before)
    /// and returns the comics published since the last check that were not seen yet, with the
    /// titles of the first `named`. Each comic is reported once: the next check starts after
    /// it. The first check ever reports nothing; it notes where the archive stands.
    public func newComics(named: Int) async throws -> NewComics {
        guard !offline else { throw XKCDError.cannotDo("checking for new comics needs the network — run it without --offline") }
        let validators = try store.setting(CheckKey.validators).flatMap(HTTPValidators.init(encoded:)) ?? HTTPValidators()
        let newest: Int
        switch try await client.latest(ifChangedSince: validators) {
        case let .found(comic, fresh):
            try store.save(comic, at: now())
            try recordLatest(comic.num)
            try store.setSetting(CheckKey.validators, fresh.isEmpty ? nil : fresh.encoded)
            newest = comic.num
        case .notModified:
            if let known = try knownNewestNumber() {
                newest = known
            } else {
                // Validators without a known newest number (a cleared store): ask in full.
                try store.setSetting(CheckKey.validators, nil)
                return try await newComics(named: named)
            }
        }
        guard let reported = try store.setting(CheckKey.reported).flatMap(Int.init) else {
            try store.setSetting(CheckKey.reported, String(newest))
            return NewComics(comics: [], newest: newest)
        }
        guard newest > reported else { return NewComics(comics: [], newest: newest) }
        let skip = try store.seenNumbers().union(try store.absentNumbers()).union([404])
        var comics: [ComicEntry] = []
        for num in (reported + 1)...newest where !skip.contains(num) {
            var title: String?
            if comics.count < named {
                do {
                    title = DisplayComic(try await comic(num)).title
                } catch XKCDError.cancelled {
                    throw XKCDError.cancelled
                } catch XKCDError.noSuchComic {
                    continue
                } catch {
                    title = nil
                }
            }
            comics.append(ComicEntry(num: num, title: title))
        }
        try store.setSetting(CheckKey.reported, String(newest))
        return NewComics(comics: comics, newest: newest)
    }
}
