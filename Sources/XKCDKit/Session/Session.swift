import Foundation

/// Runs commands: owns the browsing state and the services, one command at a time.
public actor Session {
    private var state: SessionState
    private let repository: ComicRepository
    /// The stored titles, for title lookups here and Tab completion in the line editor.
    public nonisolated let titles: TitleIndexCache
    private let roll: @Sendable (Int) -> Int
    private let now: @Sendable () -> Date
    private let currentDirectory: URL
    private let notify: @Sendable (String) -> Void
    private let progress: @Sendable (SyncProgress) -> Void

    private static let stateKey = "session.state.v2"

    /// Creates a session over `repository`, restoring the state saved in its store.
    /// `roll(n)` returns a random value in `0..<n`; `now` is the clock; relative paths are
    /// taken from `currentDirectory`; `notify` receives one-line notices.
    public init(repository: ComicRepository, roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) },
                now: @escaping @Sendable () -> Date = { Date() },
                currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                notify: @escaping @Sendable (String) -> Void = { _ in },
                progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) {
        self.repository = repository
        titles = TitleIndexCache(store: repository.store)
        self.roll = roll
        self.now = now
        self.currentDirectory = currentDirectory
        self.notify = notify
        self.progress = progress
        let saved = try? repository.store.setting(Self.stateKey)
        state = saved.flatMap { SessionState(encoded: $0) } ?? SessionState()
    }

    /// The comic on screen, if any.
    public var current: Int? { state.current }

    /// A copy of the browsing state.
    public var snapshot: SessionState { state }

    /// Runs `command`.
    public func run(_ command: Command) async throws -> Outcome {
        do {
            return try await perform(command)
        } catch let ambiguous as AmbiguousTitle {
            return .choices(query: ambiguous.query, ambiguous.entries)
        }
    }

    /// A title that names several comics.
    private struct AmbiguousTitle: Error {
        var query: String
        var entries: [ComicEntry]
    }

    private func perform(_ command: Command) async throws -> Outcome {
        switch command {
        case .latest:
            return try navigate(to: try await repository.latest())
        case .first:
            return try navigate(to: try await repository.comic(1))
        case let .next(k):
            return try navigate(to: try await step(by: k))
        case let .previous(k):
            return try navigate(to: try await step(by: -k))
        case .random:
            return try navigate(to: try await randomComic())
        case let .goto(.number(num)):
            return try navigate(to: try await repository.comic(num))
        case let .goto(.title(title)):
            return try navigate(to: try await repository.comic(try resolve(.title(title))))
        case .back:
            guard let target = state.backStack.last else { throw XKCDError.nothingToGo("nothing to go back to") }
            let comic = try await repository.comic(target)
            guard state.goBack() == target else { throw XKCDError.nothingToGo("the history changed — try again") }
            try save()
            return shown(comic)
        case .forward:
            guard let target = state.forwardStack.last else { throw XKCDError.nothingToGo("nothing to go forward to") }
            let comic = try await repository.comic(target)
            guard state.goForward() == target else { throw XKCDError.nothingToGo("the history changed — try again") }
            try save()
            return shown(comic)
        case .history:
            let numbers = state.recentFirst
            let titles = try repository.store.titles(of: numbers)
            return .history(numbers.map { ComicEntry(num: $0, title: titles[$0]) })
        case let .show(reference):
            return shown(try await comic(try resolve(reference)))
        case let .alt(reference):
            return .alt(DisplayComic(try await comic(try resolve(reference))))
        case let .transcript(reference):
            return .transcript(DisplayComic(try await comic(try resolve(reference))))
        case let .sync(images, jobs):
            return .synced(try await Syncer(repository: repository, jobs: jobs, now: now, progress: progress).run(images: images))
        case let .search(text):
            return try search(text)
        case let .favorite(reference):
            return try await addFavorite(try resolve(reference))
        case let .unfavorite(reference):
            guard let target = try resolve(reference, among: .favorites) ?? state.current else { throw XKCDError.noCurrentComic }
            guard try repository.store.removeFavorite(target) else { throw XKCDError.notFavorite(target) }
            let title = try repository.store.titles(of: [target])[target]
            return .favoriteRemoved(ComicEntry(num: target, title: title))
        case .favorites:
            return .favorites(try repository.store.favorites().map { favorite in
                let shown = DisplayComic(favorite.comic)
                return FavoriteEntry(num: shown.num, title: shown.title, date: shown.date, addedAt: favorite.addedAt)
            })
        case let .importFavorites(path):
            return try await importFavorites(from: path)
        case let .image(reference, options, withCard):
            return .image(try await comicImage(try resolve(reference), options: options, withCard: withCard))
        case let .save(num, path, force):
            let comic = try await comic(num)
            let image = try await repository.image(of: comic)
            let name = ImageSaver.defaultName(num: comic.num, title: DisplayComic(comic).title, kind: image.kind)
            let destination = ImageSaver.destination(path: path, defaultName: name, currentDirectory: currentDirectory)
            try ImageSaver.write(image.data, to: destination, force: force)
            return .saved(path: destination.path, bytes: image.data.count)
        case .cacheStats:
            return .cacheStats(try cacheStats())
        case .cacheClear:
            let cleared = try repository.store.clearAllButFavorites()
            for file in cleared.imageFiles { repository.images.remove(file) }
            return .cacheCleared(comics: cleared.comics, images: cleared.imageFiles.count)
        case let .explain(reference, all):
            return try await explain(try resolve(reference), all: all)
        case let .share(reference, format, to, copy, open):
            let comic = DisplayComic(try await comic(try resolve(reference)))
            let base = repository.client.baseURL
            let page = ShareText.pageURL(num: comic.num, base: base)
            let text: String
            switch format {
            case .text: text = ShareText.text(comic, base: base)
            case .mailto: text = ShareText.mailto(comic, base: base, to: to)
            case .markdown: text = ShareText.markdown(comic, base: base)
            }
            return .shared(ShareResult(num: comic.num, format: format, text: text, openURL: format == .mailto ? text : page,
                                       copy: copy, open: open))
        case let .open(reference):
            guard let target = try resolve(reference) ?? state.current else { throw XKCDError.noCurrentComic }
            return .open(url: ShareText.pageURL(num: target, base: repository.client.baseURL))
        case let .check(notify):
            return .newComics(try await repository.newComics(named: Self.checkNamed, mark: .check), notify: notify)
        case .unread:
            return .unread(try await unreadSummary())
        case .nextUnread:
            return try navigate(to: try await nextUnread())
        case let .help(topic):
            return .help(topic)
        case .quit:
            return .quit
        }
    }

    private func explain(_ num: Int?, all: Bool) async throws -> Outcome {
        let comic = try await comic(num)
        let page = try await repository.explanation(of: comic.num)
        let section = all ? nil : WikiMarkup.explanationSection(of: page.wikitext)
        return .explanation(ExplanationView(num: comic.num, title: DisplayComic(comic).title,
                                            pageTitle: TerminalSanitizer.sanitize(page.title, multiline: false),
                                            document: WikiMarkup.document(from: section ?? page.wikitext), wholePage: section == nil))
    }

    // A stored image that does not decode is deleted, so the next request fetches it anew.
    private func comicImage(_ num: Int?, options: ImageOptions, withCard: Bool) async throws -> ComicImage {
        let comic = try await comic(num)
        let image = try await repository.image(of: comic)
        let raster: RasterImage
        do {
            raster = try ImageDecoder.decode(image.data)
        } catch let XKCDError.badImage(reason, corrupt) {
            // Offline, even a damaged copy is kept: it cannot be replaced now.
            if corrupt, !repository.offline { try? repository.discardImage(of: comic.num) }
            throw XKCDError.badImage("cannot show the image of #\(comic.num): \(reason)", corrupt: corrupt)
        }
        try? repository.store.markSeen(comic.num, at: now())
        return ComicImage(comic: DisplayComic(comic), data: image.data, kind: image.kind, raster: raster,
                          options: options, withCard: withCard)
    }

    /// How many comics `check`, the start-up and the background notices name with titles.
    static let checkNamed = 5

    /// On REPL start: the comics published since the last visit and not seen (nil when there
    /// are none, offline, or the server cannot be reached). With new ones, the newest becomes
    /// the current comic.
    public func startUp() async -> NewComics? {
        let before = state.current
        guard let report = await newComicsQuietly(), let newest = report.comics.last else { return nil }
        // A check that took long must not move a user who has started browsing meanwhile.
        if state.current == before, state.visit(newest.num) { try? save() }
        return report
    }

    /// A background check: the comics published since the last check and not seen, or nil
    /// (none, offline, or the server unreachable: the next check tries again).
    public func backgroundCheck() async -> NewComics? {
        await newComicsQuietly()
    }

    private func newComicsQuietly() async -> NewComics? {
        guard let report = try? await repository.newComics(named: Self.checkNamed, mark: .visit), !report.comics.isEmpty else { return nil }
        return report
    }

    // The archive's numbers up to the newest, without missing ones.
    private func archiveNumbers() async throws -> (all: [Int], seen: Set<Int>) {
        let newest = try await repository.newestNumber()
        let absent = try repository.store.absentNumbers().union([404])
        return ((1...max(1, newest)).filter { !absent.contains($0) }, try repository.store.seenNumbers())
    }

    private func unreadSummary() async throws -> UnreadSummary {
        let (all, seen) = try await archiveNumbers()
        let unread = all.filter { !seen.contains($0) }
        // A bounded number of tries: a gap in the archive costs a request each.
        let first = try await repository.entries(Array(unread.prefix(20)), titled: 5, limit: 5)
        return UnreadSummary(unread: unread.count, total: all.count, first: first)
    }

    // After the current comic, wrapping around to #1; numbers the server does not have are
    // skipped (and remembered as absent by the repository).
    private func nextUnread() async throws -> Comic {
        let (all, seen) = try await archiveNumbers()
        let current = state.current ?? 0
        let unread = all.filter { !seen.contains($0) }
        let ordered = unread.drop { $0 <= current } + unread.prefix { $0 <= current }
        for num in ordered.prefix(50) {
            do {
                return try await repository.comic(num)
            } catch XKCDError.noSuchComic {
                continue
            } catch XKCDError.notStoredOffline {
                continue
            }
        }
        throw XKCDError.cannotDo(unread.isEmpty ? "you have seen all \(all.count) comics" : "no unread comic found after #\(current)")
    }

    private func addFavorite(_ num: Int?) async throws -> Outcome {
        let comic = try await comic(num)
        let title = DisplayComic(comic).title
        var imageBytes: Int?
        if !comic.isInteractive {
            do {
                imageBytes = try await repository.image(of: comic).data.count
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch {
                notify("note: the image of #\(comic.num) was not stored (\(error.localizedDescription)); 'fav \(comic.num)' again to retry")
            }
        }
        // The explanation is kept too, so it reads offline; a comic too new for one is fine.
        do {
            _ = try await repository.explanation(of: comic.num)
        } catch XKCDError.cancelled {
            throw XKCDError.cancelled
        } catch XKCDError.noExplanation {
        } catch {
            notify("note: the explanation of #\(comic.num) was not stored (\(error.localizedDescription))")
        }
        let isNew = try repository.store.addFavorite(comic.num, at: now())
        return .favoriteAdded(ComicEntry(num: comic.num, title: title), isNew: isNew, imageBytes: imageBytes)
    }

    // All or nothing: the file is checked and every comic fetched before one favorite is added.
    private func importFavorites(from path: String) async throws -> Outcome {
        let expanded = (path as NSString).expandingTildeInPath
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : currentDirectory.appendingPathComponent(expanded)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw XKCDError.file("cannot read \(path)")
        }
        let entries = try FavoritesFile.parse(data, name: path)
        var comics: [Comic] = []
        for entry in entries {
            do {
                comics.append(try await repository.comic(entry.num))
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch {
                throw XKCDError.file("nothing imported: #\(entry.num) could not be fetched (\(error.localizedDescription))")
            }
        }
        let date = now()
        let added = try repository.store.addFavorites(entries.map { ($0.num, $0.addedAt ?? date) })
        for comic in comics where !comic.isInteractive {
            do {
                _ = try await repository.image(of: comic)
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch {
                notify("note: the image of #\(comic.num) was not stored (\(error.localizedDescription))")
            }
        }
        return .imported(added: added, alreadyFavorites: entries.count - added)
    }

    private func cacheStats() throws -> CacheStats {
        let counts = try repository.store.counts()
        var databaseBytes = 0
        if let path = repository.store.path {
            for file in [path, path + "-wal"] {
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
                databaseBytes += size ?? 0
            }
        }
        return CacheStats(comics: counts.comics, newest: try repository.knownNewestNumber(), images: counts.images,
                          imageBytes: counts.imageBytes, imageCacheLimit: repository.imageCacheLimit,
                          favorites: counts.favorites, databaseBytes: databaseBytes,
                          dataDirectory: repository.images.directory.deletingLastPathComponent().path)
    }

    private func comic(_ num: Int?) async throws -> Comic {
        guard let target = num ?? state.current else { throw XKCDError.noCurrentComic }
        return try await repository.comic(target)
    }

    private func navigate(to comic: Comic) throws -> Outcome {
        if state.visit(comic.num) { try save() }
        return shown(comic)
    }

    // Every comic shown counts as read, best effort: a busy store must not fail the command.
    private func shown(_ comic: Comic) -> Outcome {
        try? repository.store.markSeen(comic.num, at: now())
        return .comic(DisplayComic(comic))
    }

    // Steps over numbers that do not exist; stops at either end of the archive.
    private func step(by offset: Int) async throws -> Comic {
        guard let start = state.current else { throw XKCDError.noCurrentComic }
        let newest = try await repository.newestNumber()
        let direction = offset > 0 ? 1 : -1
        if direction > 0, start >= newest { throw XKCDError.endOfArchive("#\(start) is the newest comic") }
        if direction < 0, start <= 1 { throw XKCDError.endOfArchive("#1 is the first comic") }
        var target = start
        var remaining = abs(offset)
        while remaining > 0 {
            let candidate = target + direction
            guard (1...newest).contains(candidate) else { break }
            target = candidate
            if !(try repository.isKnownAbsent(target)) { remaining -= 1 }
        }
        while true {
            do {
                return try await repository.comic(target)
            } catch XKCDError.noSuchComic {
                let candidate = target + direction
                guard (1...newest).contains(candidate), candidate != start else {
                    throw XKCDError.endOfArchive(direction > 0 ? "no comic after #\(start)" : "no comic before #\(start)")
                }
                target = candidate
            }
        }
    }

    private func randomComic() async throws -> Comic {
        let newest = try await repository.newestNumber()
        var excluded = try repository.store.absentNumbers().union([404])
        if repository.offline {
            excluded.formUnion(Set(1...max(newest, 1)).subtracting(try repository.store.storedNumbers()))
        }
        for _ in 0..<100 {
            guard let pick = state.pickRandom(newest: newest, excluded: excluded, roll: roll) else { break }
            do {
                return try await repository.comic(pick)
            } catch XKCDError.noSuchComic {
                excluded.insert(pick)
            }
        }
        throw XKCDError.endOfArchive("no comic to pick from")
    }

    // A number as is; a title through the stored titles (one match, else choices or an error).
    private func resolve(_ reference: ComicReference, among scope: ComicCompletion = .stored) throws -> Int {
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
                throw XKCDError.noTitleMatch(shown, stored: index.count(favoritesOnly: false))
            case 1:
                return matches[0].num
            default:
                throw AmbiguousTitle(query: shown, entries: matches.map { ComicEntry(num: $0.num, title: $0.title) })
            }
        }
    }

    private func resolve(_ reference: ComicReference?, among scope: ComicCompletion = .stored) throws -> Int? {
        try reference.map { try resolve($0, among: scope) }
    }

    private func search(_ text: String) throws -> Outcome {
        guard let expression = SearchQuery.ftsExpression(text) else {
            throw XKCDError.cannotDo("nothing to search for in \(UsageError.quote(text)) — give words, \"a phrase\" or a prefix*")
        }
        let (hits, more) = try repository.store.search(expression, limit: 20)
        if hits.isEmpty, case let stored = try repository.store.comicCount(), stored < (try repository.knownNewestNumber() ?? 0) / 2 {
            notify("note: only \(stored) comics are stored; run 'sync' to search them all")
        }
        return .searchResults(query: TerminalSanitizer.brief(text), hits: hits, more: more)
    }

    private func save() throws {
        try repository.store.setSetting(Self.stateKey, state.encoded)
    }
}
