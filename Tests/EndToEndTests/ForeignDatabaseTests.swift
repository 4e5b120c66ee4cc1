import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// Another program's SQLite file where the store should be: it is moved aside whole, once,
/// and a new store takes its place.
@Suite(.serialized) final class ForeignDatabaseTests: LoopbackSuite {
    let loopback: Loopback
    var database: URL { xkcd.dataDirectory.appendingPathComponent("xkcd.sqlite3") }

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 20))
        try FileManager.default.createDirectory(at: xkcd.dataDirectory, withIntermediateDirectories: true)
    }

    private func foreignFile(_ sql: String) throws {
        let db = try SQLiteConnection(path: database.path)
        try db.execute(sql)
    }

    private func asideCopies() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: xkcd.dataDirectory.path)
            .filter { $0.hasPrefix("xkcd.sqlite3.") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            .filter { !$0.hasSuffix("-lock") }
            .map { xkcd.dataDirectory.appendingPathComponent($0) }
    }

    private func tables(at url: URL) throws -> [String] {
        try SQLiteConnection(path: url.path, create: false).values(
            "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name", as: String.self)
    }

    /// Runs `goto 5` twice: the first says once where the file went, both work.
    private func expectMovedAside() throws -> (notice: Substring, aside: URL) {
        let first = try xkcd.run(["goto", "5"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.errorLines.isEmpty, "\(first.stderr)")
        let notices = first.stderr.split(separator: "\n").filter { $0.contains("moved it aside to") }
        #expect(notices.count == 1, "\(first.stderr)")
        let copies = try asideCopies()
        #expect(copies.count == 1, "\(copies)")
        let aside = try #require(copies.first)
        #expect(notices.first?.contains(aside.path) == true, "\(first.stderr)")
        let second = try xkcd.run(["fav", "5"])
        #expect(second.status == 0 && second.stderr.isEmpty, "said once: \(second.stderr)")
        return (try #require(notices.first), aside)
    }

    @Test func aDatabaseWithItsOwnComicTableIsMovedAsideWhole() throws {
        try foreignFile(
            """
            CREATE TABLE comic (id INTEGER PRIMARY KEY, series TEXT NOT NULL, issue INTEGER);
            INSERT INTO comic (series, issue) VALUES ('Tintin', 3), ('Asterix', 12);
            """)
        let (notice, aside) = try expectMovedAside()
        #expect(notice.contains("not an xkcd database"), "\(notice)")
        #expect(try tables(at: aside) == ["comic"], "the other program's file is kept as it was")
        let kept = try SQLiteConnection(path: aside.path, create: false)
        #expect(try kept.values("SELECT series FROM comic ORDER BY id", as: String.self) == ["Tintin", "Asterix"])
    }

    @Test func aDatabaseWithOtherTablesIsNotTakenOver() throws {
        try foreignFile("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note(text) VALUES ('keep')")
        let (_, aside) = try expectMovedAside()
        #expect(try tables(at: aside) == ["note"], "no table of xkcd's is added to it")
    }

    @Test func aDatabaseStampedByAnotherProgramIsMovedAside() throws {
        try foreignFile("PRAGMA application_id = 1234")
        let (notice, _) = try expectMovedAside()
        #expect(notice.contains("not an xkcd database"), "\(notice)")
    }
}
