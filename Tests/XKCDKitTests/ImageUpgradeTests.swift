import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// A stored 1x image upgraded to its `_2x` for a terminal that draws pixels, on a real image
/// directory and SQLite file: a failing server leaves the 1x shown, a cancelled command stops.
@Suite final class ImageUpgradeTests {
    private let workspace: Workspace
    var server: XKCDTestServer { workspace.server }
    let clock = ManualClock()
    static let doubled = "/imgs/comics/xkcd_phone_2000_2x.png"

    init() throws {
        workspace = try Workspace("upgrade")
    }

    /// A source with #2000's 1x image stored.
    func sourceWithTheSingleImage() async throws -> (ComicSource, Comic, StoredImage) {
        let source = try TestLibrary(directory: workspace.directory, server: server, clock: clock).source()
        let comic = try await source.comic(2000)
        let single = try await source.image(of: comic, highResolution: false)
        return (source, comic, single)
    }

    func imageFiles(_ source: ComicSource) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: source.images.directory.path).sorted()
    }

    @Test func cancellingTheUpgradeCancelsAndKeepsTheSingleImage() async throws {
        let (source, comic, single) = try await sourceWithTheSingleImage()
        server.setFault(.hang, for: Self.doubled)
        let task = Task { try await source.image(of: comic, highResolution: true) }
        try #require(try await server.waitForRequest(to: Self.doubled), "the _2x was never asked for")
        task.cancel()
        let result = await task.result
        #expect(throws: XKCDError.cancelled) { try result.get() }
        let entry = try #require(try source.store.image(of: 2000))
        #expect(!entry.doubled)
        #expect(try imageFiles(source) == ["2000.png"], "nothing half-written")
        #expect(try Data(contentsOf: source.images.url(entry.file)) == single.data)
        #expect(try !source.store.hasSingleResolutionOnly(2000, since: .distantPast), "nothing learnt")
    }

    @Test func aFailingServerLeavesTheSingleImageShown() async throws {
        let (source, comic, single) = try await sourceWithTheSingleImage()
        server.setFault(.status(503), for: Self.doubled)
        #expect(try await source.image(of: comic, highResolution: true) == single)
        server.stop()
        #expect(try await source.image(of: comic, highResolution: true) == single)
        #expect(try source.store.image(of: 2000)?.doubled == false)
    }
}
