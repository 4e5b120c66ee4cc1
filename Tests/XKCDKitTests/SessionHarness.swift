import Foundation
import TestSupport

@testable import XKCDKit

/// A session with no socket: an in-memory store, a scripted transport serving the comics,
/// their images and explainxkcd pages, and a temporary directory for image files and the
/// paths commands are given.
struct SessionHarness {
    let transport: ScriptedTransport
    let store: ComicStore
    let clock = ManualClock()
    let notices = NoticeLog()
    /// The data directory, which is also the current directory.
    let directory: ScratchDirectory
    /// The bytes every image has.
    let image = SyntheticPNG.make(width: 4, height: 3)
    /// Comics whose image cannot be fetched.
    var failingImages: Set<Int> = []
    /// explainxkcd pages' wikitext by comic; other comics have none.
    var explanationPages: [Int: String] = [:]

    /// Serves `archive`, keeping what it stores in `store` (one in memory when nil).
    init(archive: ComicArchive, store: ComicStore? = nil) throws {
        transport = ScriptedTransport(archive: archive)
        self.store = try store ?? ComicStore.inMemory()
        directory = try ScratchDirectory("session")
        transport.serveImages(image)
    }

    /// Writes `data` to `name` in the current directory.
    func write(_ data: Data, to name: String) throws {
        try data.write(to: directory.url.appendingPathComponent(name))
    }

    /// The comic source, over the harness's store, transport and directory.
    func source() -> ComicSource {
        let clock = clock
        let notices = notices
        transport.failImages(of: failingImages)
        for (num, wikitext) in explanationPages { transport.serveExplanation(num, title: "\(num): Comic", wikitext) }
        let client = XKCDClient(
            baseURL: ScriptedTransport.base, explainURL: ScriptedTransport.base, transport: transport,
            retryDelays: [])
        return ComicSource(
            store: store, client: client, images: ImageFiles(directory: directory.url.appendingPathComponent("images")),
            now: { clock.now }, notify: { notices.append($0) })
    }

    /// The default settings, kept in `config.toml` in the harness's directory.
    func settings() -> Settings {
        .defaults(file: directory.url.appendingPathComponent("config.toml"))
    }

    /// A session; sessions of one harness share its store, like runs on one data directory.
    /// Pictures are drawn for `terminal` (none: as with `--json`).
    func session(
        roll: @escaping @Sendable (Int) -> Int = { _ in 0 }, settings: Settings? = nil,
        terminal: (any TerminalDescribing)? = nil
    ) -> Session {
        let notices = notices
        return Session(
            source: source(), settings: LiveSettings(settings ?? self.settings()),
            currentDirectory: directory.url, terminal: terminal, roll: roll, notify: { notices.append($0) })
    }
}

/// A fresh temporary directory, removed with its last reference.
final class ScratchDirectory: Sendable {
    let url: URL

    init(_ label: String) throws {
        url = try temporaryDirectory(label)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The number of the comic an outcome shows, if it shows one.
func shownNumber(_ outcome: Outcome) -> Int? {
    if case let .comic(comic) = outcome { return comic.num }
    return nil
}
