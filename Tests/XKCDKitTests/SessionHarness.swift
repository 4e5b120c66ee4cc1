import Foundation
import TestSupport

@testable import XKCDKit

/// A session with nothing on disk and no socket: an in-memory store, a scripted transport,
/// images and explanations kept in memory, favorites exports read from `exports`.
struct SessionHarness {
    let transport: ScriptedTransport
    let store: ComicStore
    let clock = ManualClock()
    let notices = NoticeLog()
    /// The bytes every image has.
    let image = SyntheticPNG.make(width: 4, height: 3)
    /// Favorites exports by path.
    var exports: [String: Data] = [:]
    /// Comics whose image cannot be fetched.
    var failingImages: Set<Int> = []
    /// explainxkcd pages' wikitext by comic; other comics have none.
    var explanationPages: [Int: String] = [:]

    /// Serves `archive`.
    init(archive: ComicArchive) throws {
        transport = ScriptedTransport(archive: archive)
        store = try ComicStore.inMemory()
    }

    /// The services, the repository's where they need no file or explainxkcd.
    func services() -> SessionServices {
        let clock = clock
        let notices = notices
        let client = XKCDClient(
            baseURL: ScriptedTransport.base, explainURL: ScriptedTransport.base,
            transport: transport, retryDelays: [])
        let repository = ComicRepository(
            store: store, client: client,
            images: ImageFiles(directory: URL(fileURLWithPath: "/nonexistent/images")),
            now: { clock.now }, notify: { notices.append($0) })
        var services = SessionServices.live(
            repository, currentDirectory: URL(fileURLWithPath: "/nonexistent"),
            now: { clock.now }, progress: { _ in })
        let exports = exports
        services.favorites = .live(
            repository,
            read: { path in
                guard let data = exports[path] else { throw POSIXError(.ENOENT) }
                return data
            })
        let image = image
        let failingImages = failingImages
        services.images = ImagesService(
            image: { comic, _ in
                if failingImages.contains(comic.num) { throw XKCDError.network("connection refused") }
                return StoredImage(
                    num: comic.num, file: URL(fileURLWithPath: "/memory/\(comic.num).png"),
                    data: image, kind: .png)
            },
            discard: { _ in },
            save: { _, name, path, _ in URL(fileURLWithPath: "/memory").appendingPathComponent(path ?? name) })
        let pages = explanationPages
        services.explanations = ExplanationsService(
            page: { num in
                guard let wikitext = pages[num] else { throw XKCDError.noExplanation(num) }
                return ExplainPage(num: num, title: "\(num): Comic", wikitext: wikitext)
            }, address: { $0.address(on: ScriptedTransport.base) })
        return services
    }

    /// A session; sessions of one harness share its store, like runs on one data directory.
    func session(roll: @escaping @Sendable (Int) -> Int = { _ in 0 }) -> Session {
        let clock = clock
        let notices = notices
        return Session(services: services(), roll: roll, now: { clock.now }, notify: { notices.append($0) })
    }
}

/// The number of the comic an outcome shows, if it shows one.
func shownNumber(_ outcome: Outcome) -> Int? {
    if case let .comic(comic) = outcome { return comic.num }
    return nil
}
