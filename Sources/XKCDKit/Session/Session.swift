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
    private nonisolated let shown: Lock<Int?>
    /// Comics, their images and explanations: the store first, the network for the rest.
    private(set) var source: ComicSource
    var favorites: Favorites { Favorites(source, currentDirectory: currentDirectory) }
    var cache: Cache { Cache(source, settingsFile: live.start.file) }
    /// The stored titles, for title lookups here and Tab completion in the line editor.
    package nonisolated let titles: TitleIndexCache
    /// The sentence encoder that searches and indexes by meaning.
    let meaning: MeaningModel
    /// The vectors of the index by meaning as last read, kept while the store's are the same.
    var meaningVectors: MeaningVectors?
    /// Whether this session said that the model cannot be used.
    var modelFailureSaid = false
    /// Whether the note on tmux's colours for this terminal was given (once a session).
    var tmuxColoursSaid = false
    /// Whether the model's weights were found to match their digest, in this session or, for
    /// the same file, before.
    var modelVerified = false
    /// Whether a sync leaves the index by meaning to build in the background and ends once the
    /// comics and explanations are stored (the REPL's: the prompt never waits for the index).
    let indexesInBackground: Bool
    /// The build of the index by meaning under way in the background, and whether a sync
    /// stored more for it meanwhile.
    var backgroundIndex: (task: Task<Void, Never>, again: Bool)?
    /// What the background build had to say, for the next prompt.
    var pendingNotices: [String] = []
    /// Where relative paths (`save`, `fav import`) start.
    let currentDirectory: URL
    let roll: @Sendable (Int) -> Int
    let notify: @Sendable (String) -> Void
    let progress: @Sendable (SyncProgress) -> Void
    /// The terminal images are drawn on; nil: none (`--json`), plain characters.
    let terminal: (any TerminalDescribing)?
    /// The settings as they started and with what `set` changed.
    var live: LiveSettings {
        didSet {
            source.follow(settings.values)
            shownColor.withLock { [color = settings.color] in $0 = color }
        }
    }
    /// The settings, `set` applied.
    var settings: Settings { live.current }
    // Whether the settings allow colour, read by the loop for each outcome without entering the actor.
    private nonisolated let shownColor: Lock<Bool>

    /// Creates a session over `source`, restoring the state saved in its store. Relative paths
    /// are taken from `currentDirectory`; `roll(n)` returns a random value in `0..<n`; `notify`
    /// receives one-line notices; `progress` hears a sync; images are drawn for `terminal`;
    /// `meaning` searches and indexes by meaning, in the background with `indexesInBackground`.
    package init(
        source: ComicSource, settings: LiveSettings, currentDirectory: URL = .currentDirectory(),
        terminal: (any TerminalDescribing)? = nil, meaning: MeaningModel = .none, indexesInBackground: Bool = false,
        roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) },
        notify: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) {
        self.source = source
        titles = TitleIndexCache(store: source.store)
        self.meaning = meaning
        self.indexesInBackground = indexesInBackground
        self.currentDirectory = currentDirectory
        self.roll = roll
        self.notify = notify
        self.progress = progress
        self.terminal = terminal
        live = settings
        shownColor = Lock(settings.current.color)
        state = (try? source.store.browsingState()).flatMap { SessionState(encoded: $0) } ?? SessionState()
        shown = Lock(state.current)
    }

    /// The comic on screen, if any.
    package nonisolated var current: Int? { shown.withLock { $0 } }

    /// Whether the `color` setting, as it is now, allows colour.
    package nonisolated var allowsColor: Bool { shownColor.withLock { $0 } }

    /// Runs `command`; a move brings the comic's picture where the `images` setting says.
    package func run(_ command: Command) async throws -> Outcome {
        do {
            let outcome = try await perform(command)
            if Self.movesToAComic(command), case let .comic(comic) = outcome { return try await withPicture(comic) }
            return outcome
        } catch let ambiguous as AmbiguousTitle {
            return .choices(query: ambiguous.query, ambiguous.entries)
        }
    }

    /// `comic`'s card with its picture under it, where the `images` setting and the terminal
    /// say so; the card alone otherwise, and when the picture cannot be had (with a note).
    func withPicture(_ comic: DisplayComic) async throws -> Outcome {
        guard settings.images != .never, let terminal, terminal.isTerminal else { return .comic(comic) }
        guard terminal.drawsPixels(forced: settings.renderer.forced) || settings.images == .always else {
            return .comic(comic)
        }
        // A comic without a picture says so on its card.
        guard !comic.imageURL.isEmpty else { return .comic(comic) }
        do {
            return try await image(.number(comic.num), ImageOptions(), true)
        } catch  where !error.isCancellation {
            return .card(comic, note: "no picture of #\(comic.num): \(XKCDError.message(for: error))")
        }
    }

    // Whether `command` moves to a comic, so the picture may follow the card.
    private static func movesToAComic(_ command: Command) -> Bool {
        switch command {
        case .latest, .first, .next, .previous, .random, .goto, .back, .forward, .nextUnread: true
        case .history, .show, .alt, .transcript, .favorite, .unfavorite, .favorites, .importFavorites, .image,
            .save, .cacheStats, .cacheClear, .sync, .search, .more, .explain, .share, .open, .check, .unread, .config,
            .set, .help, .quit:
            false
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
        case let .search(text, limit, exact, by): return try search(text, limit: limit, exact: exact, by: by)
        case .more: return try more()
        case let .favorite(reference): return try await addFavorite(reference)
        case let .unfavorite(reference): return try removeFavorite(reference)
        case .favorites: return .favorites(try favorites.list())
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
        case .config: return live.configuration()
        case let .set(key, value, save): return try live.change(key, to: value, save: save)
        case let .help(topic): return .help(topic)
        case .quit: return .quit
        }
    }
}

extension Session {
    /// Goes to the newest comic.
    func goToLatest() async throws -> Outcome {
        let (comic, notice) = try await source.latest()
        let outcome = try navigate(to: comic)
        // Told once the move stands: a move that fails says only why.
        if let notice { notify(notice) }
        return outcome
    }

    /// Goes to the comic `reference` names: a stored one in the one transaction that reads it
    /// and records the visit.
    func goTo(_ reference: ComicReference) async throws -> Outcome {
        let num = try resolve(reference)
        let visited = try source.visitStored(num) { comic in
            state.visit(comic.num)
            return state
        }
        if let visited { return .comic(DisplayComic(visited)) }
        return try navigate(to: try await source.comic(num))
    }

    /// Returns to the comic before the current one.
    func goBack() async throws -> Outcome {
        guard let target = state.backStack.last else { throw XKCDError.nothingToGo(back: true) }
        let comic = try await source.comic(target)
        // Another command may have moved while the comic was fetched.
        guard state.goBack() == target else { throw XKCDError.historyChanged }
        try source.recordVisit(target, state: state)
        return .comic(DisplayComic(comic))
    }

    /// Returns to the comic left with `back`.
    func goForward() async throws -> Outcome {
        guard let target = state.forwardStack.last else { throw XKCDError.nothingToGo(back: false) }
        let comic = try await source.comic(target)
        guard state.goForward() == target else { throw XKCDError.historyChanged }
        try source.recordVisit(target, state: state)
        return .comic(DisplayComic(comic))
    }

    /// The comics visited by any process, most recent first: the latest `limit` (nil: all).
    func history(limit: Int?) throws -> Outcome {
        let (numbers, total) = try source.store.visitedComics(limit: limit)
        let titles = try source.store.titles(of: numbers)
        return .history(numbers.map { ComicEntry(num: $0, title: titles[$0]) }, total: total)
    }

    /// Comic `num`, or the current one when nil.
    func comic(_ num: Int?) async throws -> Comic {
        guard let target = num ?? state.current else { throw XKCDError.noCurrentComic }
        return try await source.comic(target)
    }

    /// Makes `comic` the current one and shows it. Going again to the current comic moves
    /// nothing here, but still makes it the last comic visited, where another process may have
    /// gone elsewhere since. A visit the store cannot take is a note, not a failure.
    func navigate(to comic: Comic) throws -> Outcome {
        state.visit(comic.num)
        try source.recordVisit(comic.num, state: state)
        return .comic(DisplayComic(comic))
    }

    // Every comic shown counts as read, best effort: a busy store must not fail the command.
    func shown(_ comic: Comic) -> Outcome {
        try? source.markSeen(comic.num)
        return .comic(DisplayComic(comic))
    }

    /// Goes `offset` comics from the current one (backwards when negative), stepping over
    /// numbers that do not exist.
    func step(by offset: Int) async throws -> Outcome {
        try navigate(to: try await comic(steppedBy: offset))
    }

    private func comic(steppedBy offset: Int) async throws -> Comic {
        guard let start = state.current else { throw XKCDError.noCurrentComic }
        let newest = try await source.newestNumber()
        var step = try ComicStep(from: start, by: offset, newest: newest, absent: try source.absentNumbers())
        while true {
            do {
                return try await source.comic(step.target)
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
        let newest = try await source.newestNumber()
        var excluded = SessionState.randomExclusions(
            newest: newest, absent: try source.absentNumbers(),
            stored: source.offline ? try source.store.storedNumbers() : nil)
        var missed: [Int] = []
        while missed.count < ComicStep.mostMissed {
            guard let pick = state.pickRandom(newest: newest, excluded: excluded, roll: roll) else {
                throw XKCDError.noComicToPick
            }
            do {
                return try await source.comic(pick)
            } catch XKCDError.noSuchComic {
                excluded.insert(pick)
                missed.append(pick)
            }
        }
        throw ComicStep.serverLacks(missed)
    }
}

extension Session {
    /// The card of the comic `reference` names (or the current one); it counts as read.
    func show(_ reference: ComicReference?) async throws -> Outcome {
        shown(try await comic(try resolve(reference)))
    }

    /// The alt text of the comic `reference` names (or the current one).
    func altText(_ reference: ComicReference?) async throws -> Outcome {
        .alt(DisplayComic(try await comic(try resolve(reference))))
    }

    /// The transcript of the comic `reference` names (or the current one): xkcd's own where
    /// it has one that is this comic's, else explainxkcd's community transcript (stored, or
    /// fetched with the page when online).
    func transcript(_ reference: ComicReference?) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        if TranscriptOwner.belongs(comic.transcript, alt: comic.alt) {
            return .transcript(TranscriptView(num: comic.num, text: DisplayComic(comic).transcript, source: .xkcd))
        }
        let none = TranscriptView(num: comic.num, text: "", source: nil)
        let page: ExplainPage
        do {
            page = try await source.explanation(of: comic.num)
        } catch XKCDError.noExplanation {
            return .transcript(none)
        } catch XKCDError.explanationNotStoredOffline {
            throw XKCDError.cannotDo(
                "#\(comic.num) has no transcript from xkcd, and explainxkcd's is not stored — "
                    + "run 'sync' while online")
        }
        guard let section = WikiMarkup.transcriptSection(of: page.wikitext) else { return .transcript(none) }
        let document = try WikiMarkup.document(from: section)
        let text = WikiPlainText.text(of: document)
        guard !text.isEmpty else { return .transcript(none) }
        notify("transcript by explainxkcd's community (xkcd has none for #\(comic.num))")
        return .transcript(TranscriptView(num: comic.num, text: text, source: .explainxkcd, document: document))
    }
}

extension Session {
    /// A title that names several comics.
    struct AmbiguousTitle: Error {
        var query: String
        var entries: [ComicEntry]
    }

    // A number as is; a title through the stored titles (one match, else choices or an error).
    func resolve(_ reference: ComicReference, among scope: ComicCompletion = .stored) throws -> Int {
        switch reference {
        case let .number(num):
            return num
        case let .title(query):
            let index = titles.current(checkingStore: true)
            let favoritesOnly = scope == .favorites
            let matches = index.matches(query, favoritesOnly: favoritesOnly)
            let shown = TerminalSanitizer.brief(query)
            switch matches.count {
            case 0 where favoritesOnly:
                throw XKCDError.noFavoriteTitled(shown, favorites: index.count(favoritesOnly: true))
            case 0:
                let stored = index.count(favoritesOnly: false)
                if stored > 0, let newest = try storesFew(stored) {
                    throw XKCDError.noTitleAmongFew(shown, stored: stored, newest: newest)
                }
                let nearest = index.nearest(query).map {
                    ComicEntry(num: $0.num, title: TerminalSanitizer.brief($0.title))
                }
                throw XKCDError.noTitleMatch(shown, stored: index.count(favoritesOnly: false), nearest: nearest)
            case 1:
                return matches[0].num
            default:
                throw AmbiguousTitle(query: shown, entries: matches.map { ComicEntry(num: $0.num, title: $0.title) })
            }
        }
    }

    /// The newest comic known when `stored` comics are under half of the archive up to it, so
    /// that a sync would find what neither a title nor a search can among them; nil otherwise.
    func storesFew(_ stored: Int) throws -> Int? {
        guard let newest = try source.knownNewestNumber() else { return nil }
        // The numbers the server answered 404 for are none a sync would store.
        let archive = newest - (try source.store.absences().count)
        return stored < archive / 2 ? newest : nil
    }

    /// The number `reference` names, or nil without one.
    func resolve(_ reference: ComicReference?, among scope: ComicCompletion = .stored) throws -> Int? {
        try reference.map { try resolve($0, among: scope) }
    }
}

extension Session {
    /// How many comics are unread, and the first few.
    func unread() async throws -> Outcome {
        .unread(try await unreadSummary())
    }

    private func unreadSummary() async throws -> UnreadSummary {
        let (all, seen) = try await archiveNumbers()
        let unread = all.filter { !seen.contains($0) }
        // A bounded number of tries: a gap in the archive costs a request each.
        let first = try await source.entries(Array(unread.prefix(20)), titled: 5, limit: 5)
        return UnreadSummary(unread: unread.count, total: all.count, first: first)
    }

    /// The first unread comic after the current one, wrapping around to #1; numbers the
    /// server does not have are skipped (and remembered as absent by the comic source).
    func firstUnreadAfterCurrent() async throws -> Comic {
        let (all, seen) = try await archiveNumbers()
        let unread = all.filter { !seen.contains($0) }
        let current = state.current ?? 0
        var missed: [Int] = []
        for num in state.unreadOrder(unread: unread).prefix(50) where missed.count < ComicStep.mostMissed {
            do {
                return try await source.comic(num)
            } catch XKCDError.noSuchComic {
                missed.append(num)
            } catch XKCDError.notStoredOffline {
                continue
            }
        }
        if missed.count == ComicStep.mostMissed { throw ComicStep.serverLacks(missed) }
        throw XKCDError.cannotDo(
            unread.isEmpty
                ? "you have seen all \(all.count) comics"
                : "no unread comic found after #\(current)")
    }

    // The archive's numbers up to the newest, without missing ones.
    private func archiveNumbers() async throws -> (all: [Int], seen: Set<Int>) {
        let newest = try await source.newestNumber()
        let all = SessionState.archiveNumbers(newest: newest, absent: try source.absentNumbers())
        return (all, try source.seenNumbers())
    }
}

/// Reading progress: how many comics are unread, and the first few.
package struct UnreadSummary: Sendable, Equatable {
    /// Comics not seen yet.
    var unread: Int
    /// Comics in the archive (up to the newest, without missing numbers).
    var total: Int
    /// The first unread comics, in number order (titles where stored).
    var first: [ComicEntry]

}

extension Session {
    /// How many comics `check`, the start-up and the background notices name with titles.
    static let checkNamed = 5

    /// The comics published since the last `check` and not seen.
    func check(notify: Bool) async throws -> Outcome {
        .newComics(try await source.newComics(named: Self.checkNamed, mark: .check), notify: notify)
    }

    /// Whether no comic is stored: a first run, before any `sync`.
    package func storesNoComics() -> Bool {
        (try? source.store.comicCount()) == 0
    }

    /// On REPL start: the comics published since the last visit and not seen (nil when there
    /// are none, offline, or the server cannot be reached). With new ones, the newest becomes
    /// the current comic.
    package func startUp() async -> NewComics? {
        let before = state.current
        guard let report = await newComicsQuietly(), let newest = report.comics.last else { return nil }
        // A check that took long must not move a user who has started browsing meanwhile.
        // Made current, not shown: it stays unread until it is.
        if state.current == before, state.visit(newest.num) {
            try? source.recordVisit(newest.num, state: state, seen: false)
        }
        return report
    }

    /// A background check: the comics published since the last check and not seen, or nil
    /// (none, offline, or the server unreachable: the next check tries again).
    package func backgroundCheck() async -> NewComics? {
        await newComicsQuietly()
    }

    private func newComicsQuietly() async -> NewComics? {
        guard let report = try? await source.newComics(named: Self.checkNamed, mark: .visit), !report.comics.isEmpty
        else {
            return nil
        }
        return report
    }
}
