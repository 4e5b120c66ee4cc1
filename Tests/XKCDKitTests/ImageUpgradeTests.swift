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

    /// A repository with #2000's 1x image stored.
    func repositoryWithTheSingleImage() async throws -> (ComicRepository, Comic, StoredImage) {
        let repository = try TestLibrary(directory: workspace.directory, server: server, clock: clock).repository()
        let comic = try await repository.comic(2000)
        let single = try await repository.image(of: comic, highResolution: false)
        return (repository, comic, single)
    }

    func imageFiles(_ repository: ComicRepository) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository.images.directory.path).sorted()
    }

    @Test func cancellingTheUpgradeCancelsAndKeepsTheSingleImage() async throws {
        let (repository, comic, single) = try await repositoryWithTheSingleImage()
        server.setFault(.hang, for: Self.doubled)
        let task = Task { try await repository.image(of: comic, highResolution: true) }
        try #require(try await server.waitForRequest(to: Self.doubled), "the _2x was never asked for")
        task.cancel()
        let result = await task.result
        #expect(throws: XKCDError.cancelled) { try result.get() }
        let entry = try #require(try repository.store.image(of: 2000))
        #expect(!entry.doubled)
        #expect(try imageFiles(repository) == ["2000.png"], "nothing half-written")
        #expect(try Data(contentsOf: repository.images.url(entry.file)) == single.data)
        #expect(try !repository.store.hasSingleResolutionOnly(2000, since: .distantPast), "nothing learnt")
    }

    @Test func aFailingServerLeavesTheSingleImageShown() async throws {
        let (repository, comic, single) = try await repositoryWithTheSingleImage()
        server.setFault(.status(503), for: Self.doubled)
        #expect(try await repository.image(of: comic, highResolution: true) == single)
        server.stop()
        #expect(try await repository.image(of: comic, highResolution: true) == single)
        #expect(try repository.store.image(of: 2000)?.doubled == false)
    }
}
