import Foundation
import TestSupport

@testable import XKCDKit

/// A data directory wired to a loopback server the way the program wires it.
struct TestLibrary {
    let directory: URL
    let server: XKCDTestServer
    let clock: ManualClock
    var timeout: TimeInterval = 5
    var offline = false
    var imageCacheLimit = Preferences.builtIn.imageCacheLimit
    let notices = NoticeLog()

    init(directory: URL, server: XKCDTestServer, clock: ManualClock, timeout: TimeInterval = 5) {
        self.directory = directory
        self.server = server
        self.clock = clock
        self.timeout = timeout
    }

    func source() throws -> ComicSource {
        let store = try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3"))
        let client = XKCDClient(
            baseURL: server.baseURL, explainURL: server.baseURL, transport: CurlTransport(timeout: timeout),
            retryDelays: [.milliseconds(10)])
        let clock = clock
        let notices = notices
        return ComicSource(
            store: store, client: client, images: ImageFiles(directory: directory.appendingPathComponent("images")),
            offline: offline, imageCacheLimit: imageCacheLimit, now: { clock.now },
            notify: { notices.append($0) })
    }

    func session(
        meaning: MeaningModel = .none, indexesInBackground: Bool = false,
        roll: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) }
    ) throws -> Session {
        let notices = notices
        return Session(
            source: try source(),
            settings: LiveSettings(.defaults(file: directory.appendingPathComponent("config.toml"))),
            currentDirectory: directory, meaning: meaning, indexesInBackground: indexesInBackground, roll: roll,
            notify: { notices.append($0) })
    }
}

/// Notices a session printed, for assertions.
final class NoticeLog: @unchecked Sendable {
    // The lock guards `lines`, appended from the session's executor.
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}

/// A loopback server and a fresh data directory; both go away with it.
final class Workspace {
    let server: XKCDTestServer
    let directory: URL

    /// Serves `archive` (the fixtures by default); `label` names the directory.
    init(_ label: String, archive: ComicArchive? = nil) throws {
        server = try XKCDTestServer(archive: try archive ?? ComicArchive.fixtures(at: ComicArchive.locateFixtures()))
        directory = try temporaryDirectory(label)
        try server.serveExplanations(from: ComicArchive.locateFixtures().appendingPathComponent("explain"))
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A fresh temporary directory.
func temporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
