import CSQLiteSetup
import Foundation
import Testing

@testable import XKCDKit

/// SQLite's failures mapped to messages, and the cheap header check made at open.
struct StoreFaultTests {
    private func message(_ code: Int32, _ text: String = "x") -> String {
        StoreErrors.error(
            for: SQLiteError(extendedCode: code, message: text), path: "/data/xkcd/xkcd.sqlite3", opening: false
        ).localizedDescription
    }

    @Test func fullDiskSaysSoAndWhere() {
        #expect(
            message(SQLITE_FULL)
                == "storage failed: the disk holding /data/xkcd is full — free some space and try again; nothing stored was lost"
        )
    }

    @Test func readOnlyDirectorySaysSoAndWhatToDo() {
        #expect(message(SQLITE_READONLY).contains("the data directory /data/xkcd is read-only"))
        #expect(message(SQLITE_READONLY).contains("--data-dir"))
        #expect(message(SQLITE_CANTOPEN).contains("cannot open /data/xkcd/xkcd.sqlite3"))
    }

    @Test func corruptionSaysTheNextRunRecovers() {
        #expect(
            message(SQLITE_CORRUPT, "database disk image is malformed")
                == "storage failed: /data/xkcd/xkcd.sqlite3 is damaged (database disk image is malformed) — the next run moves it aside and keeps the favorites it can still read"
        )
        #expect(message(SQLITE_NOTADB).contains("is damaged"))
    }

    private func header(pageSize: UInt16 = 4096, pages: UInt32, valid: Bool = true) -> [UInt8] {
        var bytes = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
        bytes[16] = UInt8(pageSize >> 8)
        bytes[17] = UInt8(pageSize & 0xFF)
        for i in 0..<4 {
            bytes[28 + i] = UInt8(truncatingIfNeeded: pages >> (24 - 8 * i))
            bytes[24 + i] = 9
            bytes[92 + i] = valid ? 9 : 8
        }
        return bytes
    }

    @Test func headerCheckFindsForeignAndTruncatedFiles() {
        #expect(StoreFileCheck.damage(header: Array("hello".utf8), fileSize: 5, walSize: 0) == "not an SQLite database")
        #expect(StoreFileCheck.damage(header: header(pages: 100), fileSize: 409_600, walSize: 0) == nil)
        #expect(StoreFileCheck.damage(header: header(pages: 100), fileSize: 200_000, walSize: 0) == "it is truncated")
        // A stale page count, or a log that may still hold the pages, is no evidence.
        #expect(StoreFileCheck.damage(header: header(pages: 100, valid: false), fileSize: 200_000, walSize: 0) == nil)
        #expect(StoreFileCheck.damage(header: header(pages: 100), fileSize: 200_000, walSize: 300_000) == nil)
        #expect(
            StoreFileCheck.damage(header: header(pageSize: 1000, pages: 1), fileSize: 1000, walSize: 0)
                == "its header is damaged")
    }

    @Test func openingAForeignFileMovesItAsideAndStartsAfresh() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "store-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("xkcd.sqlite3")
        try Data(repeating: 0x41, count: 5000).write(to: url)
        var notices: [String] = []
        let store = try ComicStore.open(at: url) { notices.append($0) }
        #expect(try store.comicCount() == 0)
        #expect(notices.count == 1)
        #expect(notices.first?.contains("moved it aside to \(url.path).damaged-") == true)
    }
}

/// Batches written through the direct binding: text comes back byte for byte, and a row SQLite
/// refuses fails its whole batch.
struct StoreBatchTests {
    private func comic(_ num: Int, alt: String = "alt", month: Int = 1) -> Comic {
        Comic(
            num: num, title: "Comic \(num)", safeTitle: "Comic \(num)", alt: alt,
            img: "https://imgs.xkcd.com/comics/\(num).png",
            year: 2020, month: month, day: 1)
    }

    private func store() throws -> (ComicStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3")), directory)
    }

    @Test func textComesBackByteForByte() throws {
        let (store, directory) = try store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let texts = ["", "Erd\u{151}s", "a\nb\n", String(repeating: "long line of alt text ", count: 2000), "emoji 🧑‍🚀"]
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try store.save(texts.indices.map { comic($0 + 1, alt: texts[$0]) }, absent: [7], at: date)
        for (index, text) in texts.enumerated() {
            #expect(try store.comic(index + 1)?.alt == text)
        }
        #expect(try store.absenceCheckedAt(7) == date)
    }

    // 40 commits of 5 comics with 20 KB alt texts: with SQLite's default of 1,000 pages the
    // log grows to 4.6 MB before its first copy back; with 200 it stays under 2 MB (200 pages
    // plus the commit that passed them).
    @Test func theLogIsCopiedBackEvery200Pages() throws {
        let (store, directory) = try store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let alt = String(repeating: "a long alt text of many words ", count: 700)
        for batch in 0..<40 {
            try store.save((1...5).map { comic(batch * 5 + $0, alt: "\(alt) \(batch) \($0)") }, absent: [], at: Date())
        }
        let log = directory.appendingPathComponent("xkcd.sqlite3-wal").path
        let size = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
        #expect(size < 2_500_000, "the log held \(size) bytes")
        #expect(try store.comicCount() == 200)
    }

    @Test func aRowSQLiteRefusesFailsItsWholeBatch() throws {
        let (store, directory) = try store()
        defer { try? FileManager.default.removeItem(at: directory) }
        try store.save([comic(1)], absent: [], at: Date())
        #expect(throws: XKCDError.self) { try store.save([comic(2), comic(3, month: 13)], absent: [], at: Date()) }
        #expect(try store.storedNumbers() == [1], "the batch left nothing behind")
        try store.save([comic(2)], absent: [], at: Date())
        #expect(try store.storedNumbers() == [1, 2], "and the store takes the next one")
    }
}
