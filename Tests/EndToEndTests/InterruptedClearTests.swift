import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// `cache clear` killed while it deletes thousands of image files: the next clear frees
/// everything, and `cache stats` counts what is on disk.
@Suite(.serialized) final class InterruptedClearTests: LoopbackSuite {
    let loopback: Loopback
    static let comics = 5_000
    var images: URL { xkcd.dataDirectory.appendingPathComponent("images") }

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: Self.comics))
    }

    /// Every comic but #1 (a favorite, with its own image) gets an image row and a file.
    func storeImages() throws -> Int {
        let db = try SQLiteConnection(path: xkcd.dataDirectory.appendingPathComponent("xkcd.sqlite3").path)
        try db.execute("BEGIN")
        let bytes = Data(repeating: 0x5A, count: 4_096)
        var stored = 0
        for num in 2...Self.comics where num != 404 {
            try bytes.write(to: images.appendingPathComponent("\(num).png"))
            try db.execute(
                "INSERT INTO image(num, file, bytes, kind, last_used, doubled) VALUES (?, ?, ?, 'png', 0, 0)",
                [num, "\(num).png", bytes.count])
            stored += 1
        }
        try db.execute("COMMIT")
        return stored
    }

    func fileCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: images.path).count) ?? 0
    }

    @Test func aClearKilledMidWayIsFinishedByTheNext() throws {
        let synced = try xkcd.run(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try xkcd.run(["fav", "1"]).status == 0)
        let total = try storeImages() + 1
        #expect(fileCount() == total)

        // Killed once the rows are gone and the files are going.
        let clear = try xkcd.start(["cache", "clear"])
        var left = total
        while clear.isRunning, left == total { left = fileCount() }
        kill(clear.processIdentifier, SIGKILL)
        clear.waitUntilExit()
        left = fileCount()
        #expect(left > 1 && left < total, "killed mid-way: \(left) of \(total) files left")

        // A download killed before its rename leaves its temporary file (Foundation's name, a
        // writer that is gone).
        let stray = images.appendingPathComponent(".dat.nosync77359400.Ab3dE9")
        try Data(repeating: 1, count: 1_000).write(to: stray)

        let again = try xkcd.run(["--json", "cache", "clear"])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        // The favorite's file is no leftover; the temporary file is one.
        #expect(report["leftover_files"] as? Int == (left - 1) + 1, "\(again.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: images.path) == ["1.png"])

        let stats = try xkcd.run(["--offline", "--json", "cache", "stats"])
        let counted = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let favorite = try FileManager.default.attributesOfItem(atPath: images.appendingPathComponent("1.png").path)
        #expect(counted["images"] as? Int == 1)
        #expect(counted["image_bytes"] as? Int == favorite[.size] as? Int)
    }
}
