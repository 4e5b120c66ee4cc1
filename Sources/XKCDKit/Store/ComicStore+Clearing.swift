#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Clearing the store: deleting all that is not a favorite's, and giving the space back.
extension ComicStore {
    /// The size of the database file and its write-ahead log, in bytes (0 in memory).
    func fileBytes() -> Int {
        guard let path else { return 0 }
        return [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    /// What ``clearAllButFavorites()`` would delete.
    func clearableItems() throws -> ClearableItems {
        try read { db in
            try db.firstRow(
                """
                SELECT (SELECT COUNT(*) FROM comic WHERE num NOT IN (SELECT num FROM favorite)) AS comics,
                       (SELECT COUNT(*) FROM image WHERE num NOT IN (SELECT num FROM favorite)) AS images,
                       (SELECT COUNT(*) FROM explanation WHERE num NOT IN (SELECT num FROM favorite))
                           AS explanations
                """
            ) { row in
                ClearableItems(comics: row["comics"], images: row["images"], explanations: row["explanations"])
            } ?? ClearableItems(comics: 0, images: 0, explanations: 0)
        }
    }

    /// Deletes every comic and explanation that is not a favorite's (their images' rows go
    /// with them) and the caches of absent numbers, absent pages and single-resolution images, in one
    /// transaction; returns what went and the image files to delete.
    func clearAllButFavorites() throws -> (deleted: ClearableItems, imageFiles: [String]) {
        try write { db in
            let files = try db.values(
                "SELECT file FROM image WHERE num NOT IN (SELECT num FROM favorite)", as: String.self)
            try db.execute("DELETE FROM comic WHERE num NOT IN (SELECT num FROM favorite)")
            let comics = db.changes
            try db.execute("DELETE FROM explanation WHERE num NOT IN (SELECT num FROM favorite)")
            let explanations = db.changes
            // The index is built again from the favorites left: what it held of the deleted
            // comics can no longer be derived to remove it entry by entry.
            try Self.rebuildIndex(in: db)
            // The deleted comics' vectors went with them.
            try Self.reviseMeaning(in: db)
            try db.execute("DELETE FROM absent")
            try db.execute("DELETE FROM explanation_absent")
            try db.execute("DELETE FROM single_resolution")
            return (ClearableItems(comics: comics, images: files.count, explanations: explanations), files)
        }
    }

    /// Gives the pages of deleted rows back to the file system: rewrites the database without
    /// them, then copies the write-ahead log back and empties it. Another process reading
    /// the store at that moment keeps part of the log until it is done.
    func reclaimSpace() throws {
        try writeWithoutTransaction { db in
            try db.execute("VACUUM")
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
