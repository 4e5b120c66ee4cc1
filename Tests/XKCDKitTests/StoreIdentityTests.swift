import Foundation
import Testing

@testable import XKCDKit

/// Whose database a file is: xkcd's stamped stores, stores from before the stamp, new files,
/// and other programs' databases.
struct StoreIdentityTests {
    private let ours = StoreIdentity.Stamp(applicationID: StoreIdentity.applicationID, version: 12)
    private let none = StoreIdentity.Stamp(applicationID: 0, version: 0)

    @Test func aStampedStoreIsOursWhateverItHolds() {
        #expect(StoreIdentity.foreignness(stamp: ours, objects: ["comic", "anything"], migrations: nil) == nil)
    }

    @Test func aStoreFromBeforeTheStampIsKnownByItsMigrations() {
        let names = StoreSchema.migrations.prefix(5).map(\.0)
        #expect(
            StoreIdentity.foreignness(stamp: none, objects: ["grdb_migrations", "comic"], migrations: names) == nil)
        #expect(StoreIdentity.foreignness(stamp: none, objects: ["grdb_migrations"], migrations: []) == nil)
        #expect(StoreIdentity.foreignness(stamp: none, objects: [], migrations: nil) == nil, "a new file")
    }

    @Test func anotherProgramsDatabaseIsForeign() {
        let reasons = [
            StoreIdentity.foreignness(stamp: none, objects: ["comic"], migrations: nil),
            StoreIdentity.foreignness(stamp: none, objects: ["note"], migrations: nil),
            // Another program built on GRDB has the same table, with its own migrations.
            StoreIdentity.foreignness(
                stamp: none, objects: ["grdb_migrations", "comic"], migrations: ["createComics"]),
            StoreIdentity.foreignness(stamp: none, objects: ["grdb_migrations", "comic"], migrations: []),
            StoreIdentity.foreignness(stamp: .init(applicationID: 1234, version: 0), objects: [], migrations: nil),
            StoreIdentity.foreignness(stamp: .init(applicationID: 0, version: 3), objects: [], migrations: nil),
        ]
        for reason in reasons {
            #expect(reason?.hasPrefix("not an xkcd database") == true, "\(String(describing: reason))")
        }
    }

    @Test func aNewStoreIsStampedAndAnEarlierOneOnItsNextOpen() throws {
        let directory = try temporaryDirectory("identity")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("xkcd.sqlite3")
        let current = StoreIdentity.Stamp(
            applicationID: StoreIdentity.applicationID, version: StoreSchema.migrations.count)
        #expect(try ComicStore.open(at: url).read(StoreIdentity.stamp) == current)
        // As an earlier version left it: every migration, no stamp.
        try SQLiteConnection(path: url.path, create: false).execute(
            "PRAGMA application_id = 0; PRAGMA user_version = 0")
        #expect(StoreIdentity.foreignness(at: url.path) == nil)
        var notices: [String] = []
        #expect(try ComicStore.open(at: url) { notices.append($0) }.read(StoreIdentity.stamp) == current)
        #expect(notices.isEmpty)
        #expect(StoreFileCheck.inspect(at: url.path) == .sqlite(applicationID: StoreIdentity.applicationID))
    }
}
