#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// True for the first caller only: a note said once however often its cause recurs.
final class NoteOnce: Sendable {
    private let said = Lock(false)

    func claim() -> Bool {
        said.withLock { said in
            defer { said = true }
            return !said
        }
    }
}

/// Where comics come from: the store first, the network for what is missing. A comic once
/// fetched is never fetched again; only the newest is re-asked, at most every `latestMaxAge`.
/// A number the server answered 404 for is taken as absent for ``absenceMaxAge``, then asked
/// again; #404 never is.
/// Offline, nothing touches the network; when the network fails, stored copies are served
/// with an `offline:` notice.
package struct ComicSource: Sendable {
    /// The local store.
    let store: ComicStore
    /// The image files.
    let images: ImageFiles
    /// Whether the network is off limits.
    private(set) var offline: Bool
    /// The most bytes of images kept, favorites' not counted.
    private(set) var imageCacheLimit: Int
    private(set) var client: XKCDClient
    package let now: @Sendable () -> Date
    private let latestMaxAge: TimeInterval
    let notify: @Sendable (String) -> Void
    let unsaved = NoteOnce()

    /// Creates a comic source. `now` is the clock; `notify` receives one-line notices.
    package init(
        store: ComicStore, client: XKCDClient, images: ImageFiles, offline: Bool = false,
        imageCacheLimit: Int = Preferences.builtIn.imageCacheLimit,
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
    mutating func follow(_ preferences: Preferences) {
        offline = preferences.offline
        imageCacheLimit = preferences.imageCacheLimit
        client = client.with(
            baseURL: preferences.baseURL, explainURL: preferences.explainURL, timeout: preferences.timeout)
    }

    /// The newest comic, from the store when it was checked recently (or when offline), and
    /// the notice to give once it is shown when it is only the newest stored one.
    func latest() async throws -> (comic: Comic, notice: String?) {
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
    func newestNumber() async throws -> Int {
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
    func refreshNewestNumber() async throws -> Int {
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
    func knownNewestNumber() throws -> Int? {
        try store.state(.latestNumber).flatMap(Int.init)
    }

    /// Comic `num`, or ``XKCDError/noSuchComic(_:newest:)``.
    func comic(_ num: Int) async throws -> Comic {
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
            try remember { try store.save(comic, at: now()) }
            return comic
        case .notFound:
            let newest = try knownNewestNumber()
            if let newest, num < newest { try remember { try store.markAbsent(num, at: now()) } }
            throw XKCDError.noSuchComic(num, newest: newest)
        }
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
