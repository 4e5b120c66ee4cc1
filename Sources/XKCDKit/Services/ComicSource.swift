#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// True for the first caller only: a note said once however often its cause recurs.
private final class NoteOnce: Sendable {
    private let said = Lock(false)

    func claim() -> Bool {
        said.withLock { said in
            defer { said = true }
            return !said
        }
    }
}

/// A stored image ready to use.
package struct StoredImage: Sendable, Equatable {
    package var num: Int
    /// The image file.
    package var file: URL
    /// Its bytes.
    package var data: Data
    /// Its format.
    package var kind: ImageKind
    /// Whether it is the comic's `_2x` image.
    package var doubled = false
}

/// Where comics come from: the store first, the network for what is missing. A comic once
/// fetched is never fetched again; only the newest is re-asked, at most every `latestMaxAge`.
/// A number the server answered 404 for is taken as absent for ``absenceMaxAge``, then asked
/// again; #404 never is.
/// Offline, nothing touches the network; when the network fails, stored copies are served
/// with an `offline:` notice.
package struct ComicSource: Sendable {
    /// The local store.
    package let store: ComicStore
    /// The image files.
    package let images: ImageFiles
    /// Whether the network is off limits.
    package private(set) var offline: Bool
    /// The most bytes of images kept, favorites' not counted.
    package private(set) var imageCacheLimit: Int
    private(set) var client: XKCDClient
    let now: @Sendable () -> Date
    private let latestMaxAge: TimeInterval
    let notify: @Sendable (String) -> Void
    private let unsaved = NoteOnce()

    /// The default image cache cap: 500 MB.
    package static let defaultImageCacheLimit = 500_000_000

    /// Creates a comic source. `now` is the clock; `notify` receives one-line notices.
    package init(
        store: ComicStore, client: XKCDClient, images: ImageFiles, offline: Bool = false,
        imageCacheLimit: Int = ComicSource.defaultImageCacheLimit,
        now: @escaping @Sendable () -> Date = { Date() }, latestMaxAge: TimeInterval = 300,
        notify: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.client = client
        self.images = images
        self.offline = offline
        self.imageCacheLimit = imageCacheLimit
        self.now = now
        self.latestMaxAge = latestMaxAge
        self.notify = notify
    }

    /// Follows what `preferences` say of the network and the image cache, for what is asked from now on.
    package mutating func follow(_ preferences: Preferences) {
        offline = preferences.offline
        imageCacheLimit = preferences.imageCacheLimit
        client = client.with(
            baseURL: preferences.baseURL, explainURL: preferences.explainURL, timeout: preferences.timeout)
    }

    /// The newest comic, from the store when it was checked recently (or when offline), and
    /// the notice to give once it is shown when it is only the newest stored one.
    package func latest() async throws -> (comic: Comic, notice: String?) {
        if offline {
            guard let comic = try newestStoredComic() else { throw XKCDError.nothingStoredOffline }
            return (comic, "offline: showing the newest stored comic, #\(comic.num); newer ones may exist")
        }
        if let num = try freshLatestNumber(), let comic = try store.comic(num) { return (comic, nil) }
        switch try await refreshLatest(mustStore: false) {
        case let .fresh(comic):
            return (comic, nil)
        case let .unreachable(error):
            guard let comic = try newestStoredComic() else { throw error }
            return (comic, "offline: \(XKCDError.message(for: error)) — showing the newest stored comic, #\(comic.num)")
        }
    }

    /// The newest comic's number.
    package func newestNumber() async throws -> Int {
        if let num = try freshLatestNumber() { return num }
        if offline {
            guard let num = try newestStoredNumber() else { throw XKCDError.nothingStoredOffline }
            return num
        }
        switch try await refreshLatest(mustStore: false) {
        case let .fresh(comic):
            return comic.num
        case let .unreachable(error):
            guard let num = try newestStoredNumber() else { throw error }
            notify("offline: \(XKCDError.message(for: error)) — using stored comics")
            return num
        }
    }

    /// The newest comic's number, asked of the server now (or, offline or unreachable, the stored
    /// one); the newest comic is stored or this fails.
    package func refreshNewestNumber() async throws -> Int {
        if offline { return try await newestNumber() }
        switch try await refreshLatest(mustStore: true) {
        case let .fresh(comic):
            return comic.num
        case let .unreachable(error):
            throw error
        }
    }

    private enum Refresh {
        case fresh(Comic)
        case unreachable(XKCDError)
    }

    // The newest comic from the server, stored; unless `mustStore`, a store that cannot take it
    // (a full disk) does not keep it from being shown.
    private func refreshLatest(mustStore: Bool) async throws -> Refresh {
        do {
            let comic = try await client.latest()
            let keep = {
                try store.save(comic, at: now())
                try recordLatest(comic.num)
            }
            if mustStore { try keep() } else { try remember(keep) }
            return .fresh(comic)
        } catch let error as XKCDError where Self.isUnreachable(error) {
            return .unreachable(error)
        }
    }

    /// The newest number known without asking the network, however old.
    package func knownNewestNumber() throws -> Int? {
        try store.state(.latestNumber).flatMap(Int.init)
    }

    /// Comic `num`, or ``XKCDError/noSuchComic(_:newest:)``.
    package func comic(_ num: Int) async throws -> Comic {
        if let comic = try store.comic(num) { return comic }
        if try isKnownAbsent(num) {
            throw XKCDError.noSuchComic(num, newest: try knownNewestNumber())
        }
        if offline { throw XKCDError.notStoredOffline(num) }
        // Past the newest we know of: ask for the newest first, it answers both questions.
        if num > (try knownNewestNumber() ?? 0) {
            let newest = try await newestNumber()
            if num > newest { throw XKCDError.noSuchComic(num, newest: newest) }
            if let comic = try store.comic(num) { return comic }
        }
        switch try await client.comic(num) {
        case let .found(comic):
            try store.save(comic, at: now())
            return comic
        case .notFound:
            let newest = try knownNewestNumber()
            if let newest, num < newest { try store.markAbsent(num, at: now()) }
            throw XKCDError.noSuchComic(num, newest: newest)
        }
    }

    /// `comic`'s image: from the image store, else downloaded once and stored (evicting the
    /// least recently used images beyond the cap, never a favorite's). With `highResolution`
    /// (terminals that draw pixels, and `save`), its `_2x` image is asked for first, replacing
    /// a stored 1x one; a comic without one (404) is remembered and gets its `img`.
    package func image(of comic: Comic, highResolution: Bool = false) async throws -> StoredImage {
        guard comic.hasImage else { throw XKCDError.noImage(comic.num) }
        let stored = try store.image(of: comic.num)
        let asksDoubled =
            try highResolution && !offline
            && !store.hasSingleResolutionOnly(comic.num, since: now().addingTimeInterval(-Self.singleResolutionMaxAge))
        if let entry = stored, let data = images.read(entry.file) {
            if asksDoubled && !entry.doubled, let doubled = try await upgrade(comic) {
                return try keep(doubled.data, kind: doubled.kind, doubled: true, of: comic.num, replacing: entry)
            }
            try remember { try store.touchImage(comic.num, at: now()) }
            return StoredImage(
                num: comic.num, file: images.url(entry.file), data: data, kind: entry.kind, doubled: entry.doubled)
        }
        if offline { throw XKCDError.imageNotStoredOffline(comic.num) }
        if asksDoubled, let doubled = try await doubledImage(of: comic) {
            return try keep(doubled.data, kind: doubled.kind, doubled: true, of: comic.num, replacing: stored)
        }
        guard let url = URL(string: comic.img) else {
            throw XKCDError.badData("the image address of #\(comic.num) is not a URL")
        }
        let (data, kind) = try await client.image(at: url, of: comic.num)
        return try keep(data, kind: kind, doubled: false, of: comic.num, replacing: stored)
    }

    // The `_2x` image in place of a stored 1x one, or nil: the stored image is shown however
    // the network fares, but a cancelled request cancels the command (the 1x stays as it was).
    private func upgrade(_ comic: Comic) async throws -> (data: Data, kind: ImageKind)? {
        let doubled: (data: Data, kind: ImageKind)?
        do {
            doubled = try await doubledImage(of: comic)
        } catch  where !error.isCancellation {
            return nil
        }
        // An answer that arrived as the command was cancelled is not kept either.
        if Task.isCancelled { throw XKCDError.cancelled }
        return doubled
    }

    /// How long a comic found without a `_2x` image is believed to have none.
    static let singleResolutionMaxAge: TimeInterval = 30 * 24 * 3600

    // The `_2x` image of `comic`, or nil: a 404 is remembered; any other failure falls back to
    // the 1x image this time.
    private func doubledImage(of comic: Comic) async throws -> (data: Data, kind: ImageKind)? {
        guard let url = DoubleImageAddress.of(comic.img) else { return nil }
        do {
            return try await client.image(at: url, of: comic.num)
        } catch XKCDError.httpStatus(404, _) {
            try store.markSingleResolutionOnly(comic.num, at: now())
            return nil
        } catch let error as XKCDError {
            // Unreachable: asking for the 1x would only wait as long again.
            if case .network = error { throw error }
            if case .cancelled = error { throw error }
            return nil
        }
    }

    // Stores `data` as comic `num`'s image in place of `previous`, within the cache's cap.
    private func keep(_ data: Data, kind: ImageKind, doubled: Bool, of num: Int, replacing previous: ImageEntry?)
        throws -> StoredImage
    {
        let fileName = ImageFiles.fileName(num: num, kind: kind)
        // The row first: a file in the directory always has one, so a `cache clear` in another
        // process never takes a file being stored here for one that a killed process left.
        guard
            try store.recordImage(num: num, file: fileName, bytes: data.count, kind: kind, doubled: doubled, at: now())
        else {
            // Not a storage fault: a sync goes on with the next picture.
            throw XKCDError.cannotDo(
                "#\(num) was removed from the store while its picture arrived ('cache clear' in another xkcd?) — "
                    + "run the command again")
        }
        do {
            try images.write(data, as: fileName)
        } catch {
            if let previous {
                _ = try? store.recordImage(
                    num: num, file: previous.file, bytes: previous.bytes, kind: previous.kind,
                    doubled: previous.doubled, at: now())
            } else {
                _ = try? store.removeImage(num)
            }
            throw error
        }
        if let previous, previous.file != fileName { images.remove(previous.file) }
        for file in try store.evictImages(toFit: imageCacheLimit, keeping: num) {
            images.remove(file)
        }
        return StoredImage(num: num, file: images.url(fileName), data: data, kind: kind, doubled: doubled)
    }

    /// Deletes comic `num`'s stored image (one that turned out unusable), so the next
    /// request fetches it again.
    package func discardImage(of num: Int) throws {
        if let file = try store.removeImage(num) { images.remove(file) }
    }

    private func newestStoredComic() throws -> Comic? {
        if let num = try knownNewestNumber(), let comic = try store.comic(num) { return comic }
        return try store.storedNumbers().max().flatMap { try store.comic($0) }
    }

    private func newestStoredNumber() throws -> Int? {
        try knownNewestNumber() ?? store.storedNumbers().max()
    }

    // Failures that mean "no usable answer from the server" rather than a wrong request.
    static func isUnreachable(_ error: XKCDError) -> Bool {
        switch error {
        case .network, .badData: return true
        case let .httpStatus(status, _): return status >= 500
        default: return false
        }
    }

    private func freshLatestNumber() throws -> Int? {
        guard let num = try knownNewestNumber(),
            let checked = try store.state(.latestCheckedAt).flatMap(Double.init)
        else { return nil }
        let age = now().timeIntervalSince1970 - checked
        return (0..<latestMaxAge).contains(age) ? num : nil
    }

    func recordLatest(_ num: Int) throws {
        try store.setState(.latestNumber, String(num))
        try store.setState(.latestCheckedAt, String(now().timeIntervalSince1970))
    }
}

extension ComicSource {
    /// How long the server's 404 for a number is believed before the number is asked again:
    /// only #404 is absent for ever, any other 404 may be passing.
    package static let absenceMaxAge: TimeInterval = 3600

    /// Whether an absence the server answered at `checkedAt` still holds at `now` (one from the
    /// future, after the clock went back, does not).
    static func trusts(absenceCheckedAt checkedAt: Date, now: Date) -> Bool {
        (0..<absenceMaxAge).contains(now.timeIntervalSince(checkedAt))
    }

    /// Whether `num` is known not to exist, without asking the network: #404, a number the
    /// server answered 404 for within ``absenceMaxAge`` or, offline, ever.
    package func isKnownAbsent(_ num: Int) throws -> Bool {
        if num == 404 { return true }
        guard let checkedAt = try store.absenceCheckedAt(num) else { return false }
        return offline || Self.trusts(absenceCheckedAt: checkedAt, now: now())
    }

    /// The numbers known not to exist, as ``isKnownAbsent(_:)`` decides: #404 among them.
    package func absentNumbers() throws -> Set<Int> {
        let now = now()
        let known = try store.absences().filter { offline || Self.trusts(absenceCheckedAt: $0.value, now: now) }
        return Set(known.keys).union([404])
    }
}

extension ComicSource {
    /// How long a stored explanation is used before it is fetched again (pages get edited).
    package static let explanationMaxAge: TimeInterval = 7 * 24 * 3600

    /// The explainxkcd wiki's base address (`--explain-url`).
    package var explainURL: URL { client.explainURL }

    /// The explainxkcd page of `num`: the stored copy while it is fresh (or offline), else a
    /// new fetch, stored. When the network fails, a stale stored copy is served with a notice.
    package func explanation(of num: Int) async throws -> ExplainPage {
        let stored = try store.explanation(num)
        if offline {
            guard let stored else { throw XKCDError.explanationNotStoredOffline(num) }
            return stored.page
        }
        if let stored, now().timeIntervalSince(stored.fetchedAt) < Self.explanationMaxAge {
            return stored.page
        }
        do {
            let page = try await client.explanation(of: num)
            try store.saveExplanation(page, at: now())
            return page
        } catch let error as XKCDError {
            guard let stored, Self.isUnreachable(error) else { throw error }
            notify(
                "offline: \(XKCDError.message(for: error)) — showing the explanation stored on \(DateText.utcDay(stored.fetchedAt))"
            )
            return stored.page
        }
    }
}

/// Whose "already reported" mark a new-comics check moves: `check` (scripts and cron) and the
/// REPL keep their own, so a cron job does not swallow the REPL's "since your last visit".
package enum NewComicsMark: Sendable {
    /// `check`.
    case check
    /// The REPL's start-up and background checks.
    case visit
}

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
    package func newComics(named: Int, mark: NewComicsMark) async throws -> NewComics {
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
    package func entries(_ numbers: [Int], titled: Int, limit: Int = .max) async throws -> [ComicEntry] {
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

extension ComicSource {
    /// Marks comic `num` as read now.
    package func markSeen(_ num: Int) throws {
        try remember { try store.markSeen(num, at: now()) }
    }

    /// The numbers of every comic read.
    package func seenNumbers() throws -> Set<Int> {
        try store.seenNumbers()
    }

    /// The browsing state the last process to move left, in ``SessionState/encoded`` form.
    package func savedState() throws -> String? {
        try store.browsingState()
    }

    /// Records a visit to `num` now, `state` being the browsing state it left.
    func recordVisit(_ num: Int, state: SessionState) throws {
        try remember {
            try store.recordVisit(num, at: now(), state: state.encoded, keeping: SessionState.historyLimit)
        }
    }

    /// Runs `write`, one a read makes on the side (a reading mark, a visit and the browsing
    /// state, the newest comic asked for): when the store cannot take it (a full disk, a
    /// read-only directory) the read goes on, and the first such failure in a run is one note.
    func remember(_ write: () throws -> Void) throws {
        do {
            try write()
        } catch let XKCDError.storage(reason) {
            if unsaved.claim() { notify("note: not saved: \(reason)") }
        }
    }

    /// Fetches every comic not stored yet (with `images`, their images; with `explanations`,
    /// the explainxkcd pages missing or stale), at most `jobs` at a time (nil: no cap),
    /// telling `progress` how it goes.
    package func sync(
        images: Bool, explanations: Bool, jobs: Int?, progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws -> SyncSummary {
        try await Syncer(source: self, jobs: jobs, now: now, progress: progress)
            .run(images: images, explanations: explanations)
    }
}
