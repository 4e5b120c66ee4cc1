import TestSupport

/// A loopback server and the built binary pointed at it, with a data directory of its own;
/// both go away with it.
final class Loopback {
    let server: XKCDTestServer
    let xkcd: XKCDBinary

    /// Serves `archive` (the fixtures by default).
    init(archive: ComicArchive? = nil) throws {
        server = try XKCDTestServer(archive: try archive ?? ComicArchive.fixtures(at: ComicArchive.locateFixtures()))
        try server.serveExplanations(from: ComicArchive.locateFixtures().appendingPathComponent("explain"))
        xkcd = try XKCDBinary(baseURL: server.baseURL)
    }

    deinit {
        server.stop()
        xkcd.cleanUp()
    }
}

/// A suite that runs the binary against a loopback server of its own.
protocol LoopbackSuite {
    var loopback: Loopback { get }
}

extension LoopbackSuite {
    var server: XKCDTestServer { loopback.server }
    var xkcd: XKCDBinary { loopback.xkcd }
}
