#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ComicStore {
    /// Records an absence (`num`, then when it was seen), or moves an older one's time.
    static let recordAbsence = """
        INSERT INTO absent(num, checked_at) VALUES (?, ?)
        ON CONFLICT(num) DO UPDATE SET checked_at = excluded.checked_at
        """

    /// Drops the absences of numbers now stored: the server served them after all.
    static let forgetAbsencesOfStoredComics =
        "DELETE FROM absent WHERE EXISTS (SELECT 1 FROM comic WHERE comic.num = absent.num)"

    /// When the server last answered that `num` does not exist, if it ever did (and has not
    /// served it since).
    func absenceCheckedAt(_ num: Int) throws -> Date? {
        try read { db in
            try db.cached("SELECT checked_at FROM absent WHERE num = ?").value([num], as: Double.self)
                .map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Records that the server answered at `date` that `num` does not exist.
    func markAbsent(_ num: Int, at date: Date) throws {
        try write { db in
            try db.cached(Self.recordAbsence).execute([num, date.timeIntervalSince1970])
        }
    }

    /// Every recorded absence, with when the server last answered it.
    func absences() throws -> [Int: Date] {
        try read { db in
            var absences: [Int: Date] = [:]
            try db.prepare("SELECT num, checked_at FROM absent").forEachRow { row in
                absences[row["num"]] = Date(timeIntervalSince1970: row["checked_at"])
            }
            return absences
        }
    }
}
