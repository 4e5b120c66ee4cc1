import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// The schema's settings and columns, in a new store and in one written before they existed.
struct StoreSchemaTests {
    private func automerge(_ db: SQLiteConnection) throws -> Int? {
        try db.value("SELECT v FROM comic_fts_config WHERE k = 'automerge'")
    }

    // A store file in a new directory (the caller removes it), written by the schema up to
    // `version` and then by `prepare`, and closed again.
    private func olderStore(
        _ label: String, upTo version: String, _ prepare: (SQLiteDatabase) throws -> Void
    ) throws -> (directory: URL, path: URL) {
        let directory = try temporaryDirectory(label)
        let path = directory.appendingPathComponent("xkcd.sqlite3")
        let database = try SQLiteDatabase(path: path.path, prepare: ComicStore.prepareSearch)
        try StoreSchema.migrate(database, upTo: version)
        try prepare(database)
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
                    """
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
        #expect(try store.search("\"programs\"", ranking: .relevance, limit: 5).hits.map(\.num) == [353])
        let explained = try store.search("\"module\"", ranking: .relevance, limit: 5).hits
        #expect(explained.map(\.num) == [353] && explained.first?.matched == .explanation, "the stored page is indexed")
        #expect(try store.search("\"levitating\"", ranking: .relevance, limit: 5).hits.first?.matched == .transcript)
    }

    @Test func aStoreFromBeforeSearchKeepsItsFavoritesAndIndexesItsComicsAndExplanations() throws {
        let (directory, path) = try olderStore("schema-v2", upTo: "v2: favorites and images") { queue in
            try queue.write { db in
                try db.execute(
                    """
                    INSERT INTO comic VALUES (327, 'Exploits of a Mom', 'Exploits of a Mom', 'Her daughter is named Help', 'https://imgs.xkcd.com/comics/exploits_of_a_mom.png', '', '', '', 2007, 10, 10, 0);
                    INSERT INTO favorite VALUES (327, 0);
                    """)
            }
            try StoreSchema.migrate(queue, upTo: "v4: explanations")
            try queue.write { db in
                try db.execute(
                    "INSERT INTO explanation VALUES (327, '327: Exploits of a Mom', '==Explanation==\nSanitize inputs.', 0)"
                )
            }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: path)
        #expect(try store.favoriteNumbers() == [327])
        #expect(try store.search("\"daughter\"", ranking: .relevance, limit: 5).hits.map(\.num) == [327])
        #expect(try store.search("\"sanitize\"", ranking: .relevance, limit: 5).hits.first?.matched == .explanation)
    }

    @Test func pagesStoredAsTextArePackedAndReadTheSameAndTheFileShrinks() throws {
        // A page as long as a real one, of words that repeat as prose does.
        let words = ["module", "import", "flying", "Cueball", "antigravity", "Python", "levitating", "program"]
        let body = (0..<6_000).map { words[($0 * 7 + $0 / 5) % words.count] }.joined(separator: " ")
        let page = "==Explanation==\n" + body + "\n==Transcript==\n:Cueball is levitating."
        let (directory, path) = try olderStore("schema-packed", upTo: "v17: vectors in a byte a number") { queue in
            try queue.write { db in
                try db.execute(
                    """
                    INSERT INTO comic VALUES (353, 'Python', 'Python', 'I wrote 20 short programs', 'https://imgs.xkcd.com/comics/python.png', '', '', '', 2007, 12, 5, 0, NULL);
                    """)
                for num in 1...40 {
                    try db.execute(
                        "INSERT INTO explanation(num, title, wikitext, fetched_at) VALUES (?, ?, ?, 0)",
                        [num == 40 ? 353 : 10_000 + num, "\(num)", page])
                }
                // The index as the store kept it for the pages it held.
                try db.execute("INSERT INTO comic_fts(comic_fts) VALUES ('rebuild')")
            }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? Int ?? 0
        let store = try ComicStore.open(at: path)
        #expect(try store.explanation(353)?.page.wikitext == page)
        let types = try store.read { db in
            try db.values("SELECT DISTINCT typeof(wikitext) FROM explanation", as: String.self)
        }
        #expect(types == ["blob"])
        let after = try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? Int ?? 0
        #expect(after * 2 < before, "\(before) bytes before, \(after) after")
        #expect(try store.search("\"antigravity\"", ranking: .relevance, limit: 5).hits.map(\.num) == [353])

        // A page saved now is packed too, and a damaged one reads as empty without spoiling search.
        try store.saveExplanation(ExplainPage(num: 353, title: "353: Python", wikitext: page + " Perl."), at: Date())
        #expect(try store.explanation(353)?.page.wikitext == page + " Perl.")
        try store.write { db in try db.execute("UPDATE explanation SET wikitext = x'ffffffff00' WHERE num = 10001") }
        #expect(try store.explanation(10001)?.page.wikitext == "")
        #expect(try store.search("\"perl\"", ranking: .relevance, limit: 5).hits.map(\.num) == [353])
    }

    @Test func aStoreFromANewerProgramIsNeitherReadNorWritten() throws {
        let directory = try temporaryDirectory("schema-newer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("xkcd.sqlite3")
        do {
            let store = try ComicStore.open(at: path)
            try store.write { db in try db.execute("PRAGMA user_version = \(StoreSchema.migrations.count + 1)") }
        }
        let before = try Data(contentsOf: path)
        #expect {
            _ = try ComicStore.open(at: path)
        } throws: { error in
            guard case let .storage(message) = error as? XKCDError else { return false }
            return message.contains("was written by a newer xkcd (schema \(StoreSchema.migrations.count + 1)")
                && message.contains("nothing in it was changed")
        }
        #expect(try Data(contentsOf: path) == before)
    }

    @Test func equalRanksGoInNumberOrder() throws {
        let store = try ComicStore.inMemory()
        let twins = [9, 3, 6].map { num in
            Comic(num: num, title: "Twin", safeTitle: "Twin", alt: "same", img: "", year: 2020, month: 1, day: 1)
        }
        try store.save(twins, absent: [], at: Date())
        #expect(try store.search("\"twin\"", ranking: .relevance, limit: 5).hits.map(\.num) == [3, 6, 9])
    }

    @Test func absencesFromBeforeTheyHadAnAgeCountAsSeenLongAgo() throws {
        let (directory, path) = try olderStore("schema-absent", upTo: "v6: search index merges in eights") { queue in
            try queue.write { db in try db.execute("INSERT INTO absent(num) VALUES (7)") }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: path)
        let checkedAt = try #require(try store.absenceCheckedAt(7))
        #expect(checkedAt == Date(timeIntervalSince1970: 0))
        #expect(!ComicSource.trusts(absenceCheckedAt: checkedAt, now: Date()))
        try store.markAbsent(7, at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try store.absences() == [7: Date(timeIntervalSince1970: 1_700_000_000)])
    }

    // Every row of each table of `tables` (name: columns) in the database at `path`, as text.
    private func rows(_ tables: [String: String], at path: URL) throws -> [String: [String]] {
        let db = try SQLiteConnection(path: path.path, create: false)
        try ComicStore.prepareSearch(db)
        var found: [String: [String]] = [:]
        for (table, columns) in tables {
            found[table] = try db.rows("SELECT \(columns) FROM \(table) ORDER BY 1") { "\($0.values)" }
        }
        return found
    }

    @Test func aStoreFromTheSchemaThatStoredSearchTextLosesNothingAndShrinks() throws {
        // Fixtures/stores/v10.sqlite3 was written by the program before v11: 48 comics, three
        // explanations, two favorites with their images, seen marks and the browsing history.
        let directory = try temporaryDirectory("schema-v10")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("xkcd.sqlite3")
        try FileManager.default.copyItem(
            at: ComicArchive.locateFixtures().appendingPathComponent("stores/v10.sqlite3"), to: path)
        let kept = [
            "comic": "*", "favorite": "*", "seen": "*", "image": "*", "absent": "*",
            "explanation": "num, title, wikitext(wikitext), fetched_at, incomplete",
        ]
        let before = try rows(kept, at: path)
        // The store's state, in a table named "setting" before v13.
        let stateRows = { (table: String) in
            "SELECT key, value FROM \(table) WHERE key NOT LIKE 'session.state.%' ORDER BY key"
        }
        let stateBefore = try SQLiteConnection(path: path.path, create: false).rows(stateRows("setting")) {
            "\($0.values)"
        }
        let bytesBefore = try #require(FileManager.default.attributesOfItem(atPath: path.path)[.size] as? Int)
        #expect(before["favorite"]?.count == 2 && before["explanation"]?.count == 3 && before["seen"]?.count == 4)

        let store = try ComicStore.open(at: path)
        #expect(try rows(kept, at: path) == before)
        #expect(!stateBefore.isEmpty)
        #expect(try store.read { db in try db.rows(stateRows("state")) { "\($0.values)" } } == stateBefore)
        // The visits the browsing state held are rows now, and the rest of the state is kept.
        #expect(try store.state(.browsingStateWithVisits) == nil)
        #expect(try store.state(.browsingState) == "353|1333,327||327,343,353,1333")
        #expect(try store.visitedComics(limit: nil).numbers == [353, 327, 343, 1333])
        #expect(
            try store.read(StoreIdentity.stamp)
                == StoreIdentity.Stamp(
                    applicationID: StoreIdentity.applicationID, version: StoreSchema.migrations.count))
        #expect(store.fileBytes() < bytesBefore, "the text stored twice is given back")
        let columns = try store.read { db in
            try db.values("SELECT name FROM pragma_table_info('explanation')", as: String.self)
        }
        #expect(!columns.contains("explanation_text") && !columns.contains("transcript_text"))
        #expect(try store.read { db in try db.value("SELECT count(*) FROM comic_fts", as: Int.self) } == 48)
        try store.write { db in
            try db.execute("INSERT INTO comic_fts(comic_fts, rank) VALUES('integrity-check', 1)")
        }

        // Each field is searchable as before: xkcd's transcript, a community one, an explanation.
        let bobby = try store.search("\"bobby tables\"", ranking: .relevance, limit: 5).hits
        #expect(bobby.first?.num == 327 && bobby.first?.matched == .transcript)
        let learned = try store.search("\"learned it last night\"", ranking: .relevance, limit: 5).hits
        #expect(learned.map(\.num) == [353] && learned.first?.matched == .transcript)
        #expect(learned.first?.snippet.contains("last night") == true)
        let explained = try store.search("\"beret guy explaining linguistics\"", ranking: .relevance, limit: 5).hits
        #expect(explained.map(\.num) == [353] && explained.first?.matched == .explanation)
    }

    @Test func vectorsStoredAsFloatsAreRewrittenCompactlyAndReadTheSame() throws {
        let directory = try temporaryDirectory("schema-vectors")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("xkcd.sqlite3")
        try FileManager.default.copyItem(
            at: ComicArchive.locateFixtures().appendingPathComponent("stores/v10.sqlite3"), to: path)
        let dimensions = MeaningVectors.dimensions
        let original = (0..<dimensions).map { Float(($0 * 37) % 101) - 50 }
        let length = original.map { $0 * $0 }.reduce(0, +).squareRoot()
        let unit = original.map { $0 / length }
        do {
            let database = try SQLiteDatabase(path: path.path, prepare: ComicStore.prepareSearch)
            try StoreSchema.migrate(database, upTo: "v16: explainxkcd pages not there yet")
            // As v14 to v16 stored a vector: each number's 32 bits, little-endian.
            let floats = unit.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value.bitPattern >> ($0 * 8)) }
            }
            try database.write { db in
                try db.execute(
                    "INSERT INTO meaning(num, part, model, comic_at, vector) VALUES (353, 0, 'm', 0, ?)",
                    [SQLiteValue.blob(floats)])
            }
        }
        let store = try ComicStore.open(at: path)
        let sizes = try store.read { db in try db.values("SELECT length(vector) FROM meaning", as: Int.self) }
        #expect(sizes == [MeaningVectors.storedSize])
        let vectors = try store.meaningVectors(model: "m")
        #expect(vectors.nums == [353])
        #expect(abs(zip(vectors.values, unit).map(*).reduce(0, +) - 1) < 1e-3)
    }

    @Test func vectorsADamagedModelMadeAreDroppedAndMadeAgain() throws {
        let good = (0..<MeaningVectors.dimensions).map { Float($0 % 7) - 3 }
        let damaged = [Float](repeating: .nan, count: MeaningVectors.dimensions)
        let (directory, path) = try olderStore("schema-empty-vectors", upTo: StoreSchema.packedPages) { database in
            try database.write { db in
                for num in [149, 353] {
                    try db.execute(
                        """
                        INSERT INTO comic VALUES (?, 'T', 'T', 'alt', 'https://imgs.xkcd.com/comics/t.png', '', '', '', 2007, 1, 1, 0, NULL)
                        """, [num])
                }
                // As a sync with a damaged model stored them: every number is NaN, every byte zero.
                for (num, part, vector) in [(149, 0, good), (353, 0, good), (353, 1, damaged)] {
                    try db.execute(
                        "INSERT INTO meaning(num, part, model, comic_at, vector) VALUES (?, ?, 'm', 0, ?)",
                        [num, part, SQLiteValue.blob(MeaningVectors.bytes(vector))])
                }
            }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ComicStore.open(at: path)
        #expect(try store.meaningVectors(model: "m").nums == [149])
        #expect(try store.numbersWithoutMeaning(model: "m") == [353])
        // Such a vector is not read as one, wherever it comes from.
        #expect(!MeaningVectors.isUsable(damaged) && MeaningVectors.isUsable(good))
        #expect(!MeaningVectors.isUsable([Float](repeating: 0, count: MeaningVectors.dimensions)))
    }

    @Test func aRescueFromAStoreOfEitherSchemaKeepsTheBrowsingState() throws {
        let directory = try temporaryDirectory("schema-rescue")
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = directory.appendingPathComponent("v10.sqlite3")
        try FileManager.default.copyItem(
            at: ComicArchive.locateFixtures().appendingPathComponent("stores/v10.sqlite3"), to: old)
        let fromOld = try ComicStore.open(at: directory.appendingPathComponent("from-old.sqlite3"))
        _ = StoreRecovery.rescue(from: old.path, into: fromOld)
        #expect(try fromOld.state(.browsingState) == "353|1333,327||327,343,353,1333")
        #expect(try fromOld.visitedComics(limit: nil).numbers == [353, 327, 343, 1333])

        let current = try ComicStore.open(at: directory.appendingPathComponent("current.sqlite3"))
        try current.setState(.reportedNewest(.check), "2900")
        try current.setState(.browsingState, "1|||")
        let fromCurrent = try ComicStore.open(at: directory.appendingPathComponent("from-current.sqlite3"))
        _ = StoreRecovery.rescue(from: directory.appendingPathComponent("current.sqlite3").path, into: fromCurrent)
        #expect(try fromCurrent.state(.reportedNewest(.check)) == "2900")
        #expect(try fromCurrent.state(.browsingState) == "1|||")
        #expect(try fromCurrent.state(.reportedNewest(.visit)) == nil)
    }
}
