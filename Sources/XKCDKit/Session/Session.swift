import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs commands: owns the browsing state and the services, one command at a time.
package actor Session {
    var state: SessionState {
        didSet { shown.withLock { [current = state.current] in $0 = current } }
    }
    // The current comic, read for the prompt without entering the actor.
    private nonisolated let shown: Mutex<Int?>
    /// Comics, their images and explanations: the store first, the network for the rest.
    let source: ComicSource
    let favorites: Favorites
    let cache: Cache
    /// The stored titles, for title lookups here and Tab completion in the line editor.
    package nonisolated let titles: TitleIndexCache
    /// Where relative paths (`save`, `fav import`) start.
    let currentDirectory: URL
    let roll: @Sendable (Int) -> Int
    let notify: @Sendable (String) -> Void
    let progress: @Sendable (SyncProgress) -> Void
    /// The terminal images are drawn on; nil: none (`--json`), plain characters.
    let terminal: (any TerminalDescribing)?

    /// Creates a session over `source`, restoring the state saved in its store. Relative paths
    /// are taken from `currentDirectory`; `roll(n)` returns a random value in `0..<n`; `notify`
    /// receives one-line notices; `progress` hears a sync; images are drawn for `terminal`.
    package init(
        source: ComicSource, currentDirectory: URL = .currentDirectory(), terminal: (any TerminalDescribing)? = nil,
        roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) },
        notify: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) {
        self.source = source
        favorites = Favorites(source, currentDirectory: currentDirectory)
        cache = Cache(source)
        titles = TitleIndexCache(store: source.store)
        self.currentDirectory = currentDirectory
        self.roll = roll
        self.notify = notify
        self.progress = progress
        self.terminal = terminal
        let saved = try? source.savedState()
        state = saved.flatMap { SessionState(encoded: $0) } ?? SessionState()
        shown = Mutex(state.current)
    }

    /// The clock.
    func now() -> Date { source.now() }

    /// The comic on screen, if any.
    package nonisolated var current: Int? { shown.withLock { $0 } }

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
        case let .cacheClear(confirmed): return try clearCache(confirmed: confirmed)
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
        try source.saveState(state.encoded)
    }
}
