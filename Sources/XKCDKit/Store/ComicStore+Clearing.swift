import Foundation
import GRDB

/// Clearing the store: deleting all that is not a favorite's, and giving the space back.
extension ComicStore {
    /// The size of the database file and its write-ahead log, in bytes (0 in memory).
    public func fileBytes() -> Int {
        guard let path else { return 0 }
        return [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    /// What ``clearAllButFavorites()`` would delete.
    public func clearableItems() throws -> ClearableItems {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM comic WHERE num NOT IN (SELECT num FROM favorite)) AS comics,
                           (SELECT COUNT(*) FROM image WHERE num NOT IN (SELECT num FROM favorite)) AS images,
                           (SELECT COUNT(*) FROM explanation WHERE num NOT IN (SELECT num FROM favorite))
                               AS explanations
                    """)!
            return ClearableItems(comics: row["comics"], images: row["images"], explanations: row["explanations"])
        }
    }

    /// Deletes every comic and explanation that is not a favorite's (their images' rows go
    /// with them) and the caches of absent numbers and single-resolution images, in one
    /// transaction; returns what went and the image files to delete.
    public func clearAllButFavorites() throws -> (deleted: ClearableItems, imageFiles: [String]) {
        try write { db in
            let files = try String.fetchAll(
                db, sql: "SELECT file FROM image WHERE num NOT IN (SELECT num FROM favorite)")
            try db.execute(sql: "DELETE FROM comic WHERE num NOT IN (SELECT num FROM favorite)")
            let comics = db.changesCount
            try db.execute(sql: "DELETE FROM explanation WHERE num NOT IN (SELECT num FROM favorite)")
            let explanations = db.changesCount
            // The index is built again from the favorites left: what it held of the deleted
            // comics can no longer be derived to remove it entry by entry.
            try Self.rebuildIndex(in: db)
            try db.execute(sql: "DELETE FROM absent")
            try db.execute(sql: "DELETE FROM single_resolution")
            return (ClearableItems(comics: comics, images: files.count, explanations: explanations), files)
        }
    }

    /// Gives the pages of deleted rows back to the file system: rewrites the database without
    /// them, then copies the write-ahead log back and empties it. Another process reading
    /// the store at that moment keeps part of the log until it is done.
    public func reclaimSpace() throws {
        try writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
