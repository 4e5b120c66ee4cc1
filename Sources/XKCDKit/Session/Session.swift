#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs commands: owns the browsing state and the services, one command at a time.
package actor Session {
    var state: SessionState
    let comics: ComicsService
    let reading: ReadingService
    let archive: ArchiveService
    let favorites: FavoritesService
    let cache: CacheService
    let explanations: ExplanationsService
    let images: ImagesService
    /// The stored titles, for title lookups here and Tab completion in the line editor.
    package nonisolated let titles: TitleIndexCache
    let roll: @Sendable (Int) -> Int
    let now: @Sendable () -> Date
    let notify: @Sendable (String) -> Void

    /// Creates a session over `services`, restoring the state they saved.
    /// `roll(n)` returns a random value in `0..<n`; `now` is the clock; `notify` receives one-line notices.
    package init(
        services: SessionServices, roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) },
        now: @escaping @Sendable () -> Date = { Date() },
        notify: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        comics = services.comics
        reading = services.reading
        archive = services.archive
        favorites = services.favorites
        cache = services.cache
        explanations = services.explanations
        images = services.images
        titles = services.titles
        self.roll = roll
        self.now = now
        self.notify = notify
        let saved = try? services.reading.savedState()
        state = saved.flatMap { SessionState(encoded: $0) } ?? SessionState()
    }

    /// Creates a session over `repository`, restoring the state saved in its store.
    /// `roll(n)` returns a random value in `0..<n`; `now` is the clock; relative paths are
    /// taken from `currentDirectory`; `notify` receives one-line notices; `progress` hears a sync.
    package init(
        repository: ComicRepository, roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) },
        now: @escaping @Sendable () -> Date = { Date() },
        currentDirectory: URL = .currentDirectory(),
        notify: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) {
        let services = SessionServices.live(
            repository, currentDirectory: currentDirectory, now: now,
            progress: progress)
        self.init(services: services, roll: roll, now: now, notify: notify)
    }

    /// The comic on screen, if any.
    package var current: Int? { state.current }

    /// A copy of the browsing state.
    package var snapshot: SessionState { state }

    /// Runs `command`.
    package func run(_ command: Command) async throws -> Outcome {
        do {
            return try await perform(command)
        } catch let ambiguous as AmbiguousTitle {
            return .choices(query: ambiguous.query, ambiguous.entries)
        }
    }

    private func perform(_ command: Command) async throws -> Outcome {
        switch command {
        case .latest: return try await goToLatest()
        case .first: return try await goTo(.number(1))
        case let .next(count): return try await step(by: count)
        case let .previous(count): return try await step(by: -count)
        case .random: return try await goToRandom()
        case let .goto(reference): return try await goTo(reference)
        case .back: return try await goBack()
        case .forward: return try await goForward()
        case let .history(limit): return try history(limit: limit)
        case let .show(reference): return try await show(reference)
        case let .alt(reference): return try await altText(reference)
        case let .transcript(reference): return try await transcript(reference)
        case let .sync(images, explanations, jobs):
            return try await sync(images: images, explanations: explanations, jobs: jobs)
        case let .search(text, limit): return try search(text, limit: limit)
        case let .favorite(reference): return try await addFavorite(reference)
        case let .unfavorite(reference): return try removeFavorite(reference)
        case .favorites: return try listFavorites()
        case let .importFavorites(path): return try await importFavorites(from: path)
        case let .image(reference, options, withCard): return try await image(reference, options, withCard)
        case let .save(reference, path, force): return try await saveImage(reference, to: path, force: force)
        case .cacheStats: return try cacheStats()
        case .cacheClear: return try clearCache()
        case let .explain(reference, all): return try await explain(reference, all: all)
        case let .share(reference, format, to, copy, open): return try await share(reference, format, to, copy, open)
        case let .open(reference): return try openPage(reference)
        case let .check(notify): return try await check(notify: notify)
        case .unread: return try await unread()
        case .nextUnread: return try navigate(to: try await firstUnreadAfterCurrent())
        case let .help(topic): return .help(topic)
        case .quit: return .quit
        }
    }

    /// Saves the browsing state for the next run.
    func save() throws {
        try reading.saveState(state.encoded)
    }
}
