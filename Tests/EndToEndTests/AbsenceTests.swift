import Foundation
import TestSupport
import Testing

/// A comic the server answered 404 for, through the built binary: believed missing for now,
/// found by the next `sync` once the server serves it.
@Suite(.serialized) final class AbsenceTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 20))
    }

    // The sync summary's fields.
    private func sync() throws -> [String: Any] {
        let run = try xkcd.run(["--json", "sync"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func syncFindsAComicThatWasMissingBefore() throws {
        server.setFault(.status(404), forComics: [7])
        let first = try sync()
        #expect(first["missing"] as? [Int] == [7])

        server.resetCounters()
        let missing = try xkcd.run(["goto", "7"])
        #expect(missing.status == 1)
        #expect(missing.errorLines.count == 1, "\(missing.stderr)")
        #expect(!server.requestLog.contains("/7/info.0.json"), "a fresh 404 is believed")

        server.clearFaults()
        let second = try sync()
        #expect(second["fetched"] as? Int == 1)
        #expect(second["missing"] as? [Int] == [])
        #expect(server.requestLog.contains("/7/info.0.json"))

        let offline = try xkcd.run(["--offline", "--json", "goto", "7"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("\"num\":7"))
    }
}
