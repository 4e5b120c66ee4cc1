import Foundation
import GRDB
import Testing

@testable import XKCDKit

/// The schema's settings and columns, in a new store and in one written before they existed.
struct StoreSchemaTests {
    private func automerge(_ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT v FROM comic_fts_config WHERE k = 'automerge'")
    }

    // A store file in a new directory (the caller removes it), written by the schema up to
    // `version` and then by `prepare`, and closed again.
    private func olderStore(
        _ label: String, upTo version: String, _ prepare: (DatabaseQueue) throws -> Void
    ) throws -> (directory: URL, path: URL) {
        let directory = try temporaryDirectory(label)
        let path = directory.appendingPathComponent("xkcd.sqlite3")
        let queue = try DatabaseQueue(path: path.path)
        try StoreSchema.migrator.migrate(queue, upTo: version)
        try prepare(queue)
        return (directory, path)
    }

    @Test func aNewStoreMergesSearchSegmentsInEights() throws {
        let directory = try temporaryDirectory("schema-new")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: directory.appendingPathComponent("xkcd.sqlite3"))
        #expect(try store.read(automerge) == 8)
    }

    @Test func anOlderStoreTakesTheSettingAndKeepsItsComics() throws {
        let (directory, path) = try olderStore("schema-old", upTo: "v5: reading progress") { queue in
            try queue.write { db in
                // The index and an explanation as a store made by v3 to v5 held them.
                try db.execute(
                    sql: """
                        CREATE VIRTUAL TABLE comic_fts USING fts5(
                            title, alt, transcript, tokenize = 'unicode61 remove_diacritics 2');
                        INSERT INTO explanation VALUES (353, '353: Python', '==Explanation==
                        Flying by importing a module.
                        ==Transcript==
                        :Cueball is levitating.', 0);
                        INSERT INTO comic VALUES (353, 'Python', 'Python', 'I wrote 20 short programs', 'https://imgs.xkcd.com/comics/python.png', '', '', '', 2007, 12, 5, 0);
                        INSERT INTO comic_fts(rowid, title, alt, transcript) VALUES (353, 'Python', 'I wrote 20 short programs', '');
                        """)
                #expect(try automerge(db) == nil)
            }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: path)
        #expect(try store.read(automerge) == 8)
        #expect(try store.comic(353)?.title == "Python")
        #expect(try store.search("\"programs\"", limit: 5).hits.map(\.num) == [353])
        let explained = try store.search("\"module\"", limit: 5).hits
        #expect(explained.map(\.num) == [353] && explained.first?.matched == .explanation, "the stored page is indexed")
        #expect(try store.search("\"levitating\"", limit: 5).hits.first?.matched == .transcript)
    }

    @Test func aStoreFromBeforeSearchKeepsItsFavoritesAndIndexesItsComicsAndExplanations() throws {
        let (directory, path) = try olderStore("schema-v2", upTo: "v2: favorites and images") { queue in
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO comic VALUES (327, 'Exploits of a Mom', 'Exploits of a Mom', 'Her daughter is named Help', 'https://imgs.xkcd.com/comics/exploits_of_a_mom.png', '', '', '', 2007, 10, 10, 0);
                        INSERT INTO favorite VALUES (327, 0);
                        """)
            }
            try StoreSchema.migrator.migrate(queue, upTo: "v4: explanations")
            try queue.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO explanation VALUES (327, '327: Exploits of a Mom', '==Explanation==\nSanitize inputs.', 0)"
                )
            }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: path)
        #expect(try store.favoriteNumbers() == [327])
        #expect(try store.search("\"daughter\"", limit: 5).hits.map(\.num) == [327])
        #expect(try store.search("\"sanitize\"", limit: 5).hits.first?.matched == .explanation)
    }

    @Test func equalRanksGoInNumberOrder() throws {
        let store = try ComicStore.inMemory()
        let twins = [9, 3, 6].map { num in
            Comic(num: num, title: "Twin", safeTitle: "Twin", alt: "same", img: "", year: 2020, month: 1, day: 1)
        }
        try store.save(twins, absent: [], at: Date())
        #expect(try store.search("\"twin\"", limit: 5).hits.map(\.num) == [3, 6, 9])
    }

    @Test func absencesFromBeforeTheyHadAnAgeCountAsSeenLongAgo() throws {
        let (directory, path) = try olderStore("schema-absent", upTo: "v6: search index merges in eights") { queue in
            try queue.write { db in try db.execute(sql: "INSERT INTO absent(num) VALUES (7)") }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: path)
        let checkedAt = try #require(try store.absenceCheckedAt(7))
        #expect(checkedAt == Date(timeIntervalSince1970: 0))
        #expect(!ComicRepository.trusts(absenceCheckedAt: checkedAt, now: Date()))
        try store.markAbsent(7, at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try store.absences() == [7: Date(timeIntervalSince1970: 1_700_000_000)])
    }
}
