#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ComicStore {
    /// The image row of comic `num`, if any.
    func image(of num: Int) throws -> ImageEntry? {
        try read { db in
            try db.firstRow("SELECT num, file, bytes, kind, doubled FROM image WHERE num = ?", [num], Self.imageEntry)
                ?? nil
        }
    }

    /// The comics that have a stored image.
    func numbersWithImages() throws -> Set<Int> {
        try read { db in Set(try db.values("SELECT num FROM image", as: Int.self)) }
    }

    /// The files the image rows of comics that are not favorites name: what `cache clear` removes.
    func clearableImageFiles() throws -> [String] {
        try read { db in
            try db.values("SELECT file FROM image WHERE num NOT IN (SELECT num FROM favorite)", as: String.self)
        }
    }

    /// The files the image rows name.
    func imageFileNames() throws -> Set<String> {
        try read { db in Set(try db.values("SELECT file FROM image", as: String.self)) }
    }

    /// Records that comic `num`'s image is stored as `file` (`doubled`: its `_2x` image); false,
    /// recording nothing, when the comic is not stored (a `cache clear` elsewhere removed it).
    @discardableResult
    func recordImage(
        num: Int, file: String, bytes: Int, kind: ImageKind, doubled: Bool = false, at date: Date
    ) throws -> Bool {
        try write { db in
            try db.execute(
                """
                INSERT INTO image(num, file, bytes, kind, last_used, doubled)
                SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM comic WHERE num = ?)
                ON CONFLICT(num) DO UPDATE SET file = excluded.file, bytes = excluded.bytes,
                    kind = excluded.kind, last_used = excluded.last_used, doubled = excluded.doubled
                """, [num, file, bytes, kind.rawValue, date.timeIntervalSince1970, doubled, num])
            return db.changes > 0
        }
    }

    /// Whether comic `num` was found to have no double-resolution image since `date`.
    func hasSingleResolutionOnly(_ num: Int, since date: Date) throws -> Bool {
        try read { db in
            try db.value(
                "SELECT EXISTS(SELECT 1 FROM single_resolution WHERE num = ? AND checked_at >= ?)",
                [num, date.timeIntervalSince1970], as: Bool.self) ?? false
        }
    }

    /// Remembers that comic `num` had no double-resolution image at `date`.
    func markSingleResolutionOnly(_ num: Int, at date: Date) throws {
        try write { db in
            try db.execute(
                "INSERT OR REPLACE INTO single_resolution(num, checked_at) VALUES (?, ?)",
                [num, date.timeIntervalSince1970])
        }
    }

    /// Forgets comic `num`'s image; returns its file, which the caller deletes.
    func removeImage(_ num: Int) throws -> String? {
        try write { db in
            try db.value("DELETE FROM image WHERE num = ? RETURNING file", [num], as: String.self)
        }
    }

    /// Marks comic `num`'s image used now (for least-recently-used eviction).
    func touchImage(_ num: Int, at date: Date) throws {
        try write { db in
            try db.execute("UPDATE image SET last_used = ? WHERE num = ?", [date.timeIntervalSince1970, num])
        }
    }

    /// Removes the rows of the least recently used images that are not favorites' (nor
    /// `keep`) until the others total at most `limit` bytes; returns the removed files.
    func evictImages(toFit limit: Int, keeping keep: Int?) throws -> [String] {
        try write { db in
            var total =
                try db.value(
                    "SELECT COALESCE(SUM(bytes), 0) FROM image WHERE num NOT IN (SELECT num FROM favorite)",
                    as: Int.self) ?? 0
            guard total > limit else { return [] }
            let candidates = try db.rows(
                """
                SELECT num, file, bytes FROM image
                WHERE num NOT IN (SELECT num FROM favorite) AND num IS NOT ?
                ORDER BY last_used, num
                """, [keep]
            ) { row in (num: row["num"] as Int, file: row["file"] as String, bytes: row["bytes"] as Int) }
            var removed: [String] = []
            for candidate in candidates where total > limit {
                try db.execute("DELETE FROM image WHERE num = ?", [candidate.num])
                removed.append(candidate.file)
                total -= candidate.bytes
            }
            return removed
        }
    }

    /// How much is stored.
    func counts() throws -> StoreCounts {
        try read { db in
            try db.firstRow(
                """
                SELECT (SELECT COUNT(*) FROM comic) AS comics,
                       (SELECT COUNT(*) FROM image) AS images,
                       (SELECT COALESCE(SUM(bytes), 0) FROM image) AS image_bytes,
                       (SELECT COUNT(*) FROM favorite) AS favorites
                """
            ) { row in
                StoreCounts(
                    comics: row["comics"], images: row["images"], imageBytes: row["image_bytes"],
                    favorites: row["favorites"])
            } ?? StoreCounts(comics: 0, images: 0, imageBytes: 0, favorites: 0)
        }
    }

    private static func imageEntry(_ row: SQLiteRow) -> ImageEntry? {
        guard let kind = ImageKind(rawValue: row["kind"]) else { return nil }
        return ImageEntry(
            num: row["num"], file: row["file"], bytes: row["bytes"], kind: kind,
            doubled: row["doubled"])
    }
}

/// A stored image's bookkeeping row.
struct ImageEntry: Sendable, Equatable {
    var num: Int
    /// The file name under the image directory.
    var file: String
    /// Its size.
    var bytes: Int
    /// Its format.
    var kind: ImageKind
    /// Whether it is the double-resolution (`_2x`) image.
    var doubled = false
}

/// What the store holds, for `cache stats`.
struct StoreCounts: Sendable, Equatable {
    /// Comics stored.
    var comics: Int
    /// Images stored.
    var images: Int
    /// Their total size.
    var imageBytes: Int
    /// Favorites.
    var favorites: Int
}

/// Stored comics, images and explanations that are not a favorite's: what `cache clear`
/// deletes.
struct ClearableItems: Sendable, Equatable {
    /// Comics.
    var comics: Int
    /// Images.
    var images: Int
    /// explainxkcd pages.
    var explanations: Int
}
