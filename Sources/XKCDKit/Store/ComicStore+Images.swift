import Foundation
import GRDB

extension ComicStore {
    /// The image row of comic `num`, if any.
    public func image(of num: Int) throws -> ImageEntry? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT num, file, bytes, kind, doubled FROM image WHERE num = ?", arguments: [num]
            )
            .flatMap(Self.imageEntry)
        }
    }

    /// The comics that have a stored image.
    public func numbersWithImages() throws -> Set<Int> {
        try read { db in Set(try Int.fetchAll(db, sql: "SELECT num FROM image")) }
    }

    /// Records that comic `num`'s image is stored as `file` (`doubled`: its `_2x` image).
    public func recordImage(
        num: Int, file: String, bytes: Int, kind: ImageKind, doubled: Bool = false, at date: Date
    ) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO image(num, file, bytes, kind, last_used, doubled) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(num) DO UPDATE SET file = excluded.file, bytes = excluded.bytes,
                        kind = excluded.kind, last_used = excluded.last_used, doubled = excluded.doubled
                    """, arguments: [num, file, bytes, kind.rawValue, date.timeIntervalSince1970, doubled])
        }
    }

    /// Whether comic `num` was found to have no double-resolution image since `date`.
    public func hasSingleResolutionOnly(_ num: Int, since date: Date) throws -> Bool {
        try read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM single_resolution WHERE num = ? AND checked_at >= ?)",
                arguments: [num, date.timeIntervalSince1970]) ?? false
        }
    }

    /// Remembers that comic `num` had no double-resolution image at `date`.
    public func markSingleResolutionOnly(_ num: Int, at date: Date) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO single_resolution(num, checked_at) VALUES (?, ?)",
                arguments: [num, date.timeIntervalSince1970])
        }
    }

    /// Forgets comic `num`'s image; returns its file, which the caller deletes.
    public func removeImage(_ num: Int) throws -> String? {
        try write { db in
            try String.fetchOne(db, sql: "DELETE FROM image WHERE num = ? RETURNING file", arguments: [num])
        }
    }

    /// Marks comic `num`'s image used now (for least-recently-used eviction).
    public func touchImage(_ num: Int, at date: Date) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE image SET last_used = ? WHERE num = ?", arguments: [date.timeIntervalSince1970, num])
        }
    }

    /// Removes the rows of the least recently used images that are not favorites' (nor
    /// `keep`) until the others total at most `limit` bytes; returns the removed files.
    public func evictImages(toFit limit: Int, keeping keep: Int?) throws -> [String] {
        try write { db in
            var total =
                try Int.fetchOne(
                    db, sql: "SELECT COALESCE(SUM(bytes), 0) FROM image WHERE num NOT IN (SELECT num FROM favorite)")
                ?? 0
            guard total > limit else { return [] }
            let candidates = try Row.fetchAll(
                db,
                sql: """
                    SELECT num, file, bytes FROM image
                    WHERE num NOT IN (SELECT num FROM favorite) AND num IS NOT ?
                    ORDER BY last_used, num
                    """, arguments: [keep])
            var removed: [String] = []
            for row in candidates where total > limit {
                try db.execute(sql: "DELETE FROM image WHERE num = ?", arguments: [row["num"] as Int])
                removed.append(row["file"])
                total -= row["bytes"] as Int
            }
            return removed
        }
    }

    /// How much is stored.
    public func counts() throws -> StoreCounts {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM comic) AS comics,
                           (SELECT COUNT(*) FROM image) AS images,
                           (SELECT COALESCE(SUM(bytes), 0) FROM image) AS image_bytes,
                           (SELECT COUNT(*) FROM favorite) AS favorites
                    """)!
            return StoreCounts(
                comics: row["comics"], images: row["images"], imageBytes: row["image_bytes"],
                favorites: row["favorites"])
        }
    }

    private static func imageEntry(_ row: Row) -> ImageEntry? {
        guard let kind = ImageKind(rawValue: row["kind"]) else { return nil }
        return ImageEntry(
            num: row["num"], file: row["file"], bytes: row["bytes"], kind: kind,
            doubled: row["doubled"])
    }
}
