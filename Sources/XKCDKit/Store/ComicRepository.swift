import Foundation

/// Where comics come from: the store first, the network for what is missing. A comic once
/// fetched is never fetched again; only the newest is re-asked, at most every `latestMaxAge`.
public struct ComicRepository: Sendable {
    /// The local store.
    public let store: ComicStore
    private let client: XKCDClient
    private let now: @Sendable () -> Date
    private let latestMaxAge: TimeInterval

    private enum Key {
        static let latestNum = "latest.num"
        static let latestCheckedAt = "latest.checked_at"
    }

    /// Creates a repository over `store` and `client`; `now` is the clock.
    public init(store: ComicStore, client: XKCDClient, now: @escaping @Sendable () -> Date, latestMaxAge: TimeInterval = 300) {
        self.store = store
        self.client = client
        self.now = now
        self.latestMaxAge = latestMaxAge
    }

    /// The newest comic, from the store when it was checked recently.
    public func latest() async throws -> Comic {
        if let num = try freshLatestNumber(), let comic = try store.comic(num) { return comic }
        let comic = try await client.latest()
        try store.save(comic, at: now())
        try recordLatest(comic.num)
        return comic
    }

    /// The newest comic's number.
    public func newestNumber() async throws -> Int {
        if let num = try freshLatestNumber() { return num }
        return try await latest().num
    }

    /// The newest number known without asking the network, however old.
    public func knownNewestNumber() throws -> Int? {
        try store.setting(Key.latestNum).flatMap(Int.init)
    }

    /// Comic `num`, or ``XKCDError/noSuchComic(_:newest:)``.
    public func comic(_ num: Int) async throws -> Comic {
        if let comic = try store.comic(num) { return comic }
        if try isKnownAbsent(num) {
            throw XKCDError.noSuchComic(num, newest: try knownNewestNumber())
        }
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
            if let newest, num < newest { try store.markAbsent(num) }
            throw XKCDError.noSuchComic(num, newest: newest)
        }
    }

    /// Whether `num` is known not to exist (without asking the network).
    public func isKnownAbsent(_ num: Int) throws -> Bool {
        if num == 404 { return true }
        return try store.isAbsent(num)
    }

    private func freshLatestNumber() throws -> Int? {
        guard let num = try knownNewestNumber(),
              let checked = try store.setting(Key.latestCheckedAt).flatMap(Double.init) else { return nil }
        let age = now().timeIntervalSince1970 - checked
        return (0..<latestMaxAge).contains(age) ? num : nil
    }

    private func recordLatest(_ num: Int) throws {
        try store.setSetting(Key.latestNum, String(num))
        try store.setSetting(Key.latestCheckedAt, String(now().timeIntervalSince1970))
    }
}
