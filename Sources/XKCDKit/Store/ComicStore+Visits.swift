#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The comics visited, one row a visit whichever process made it, and the browsing state of
/// the process that moved last, which the next run carries on from.
extension ComicStore {
    /// Records a visit to `num` made at `date`, unless the last visit of any process was to it,
    /// marks it seen (unless `seen` is false: a move that shows nothing), and saves `state` as
    /// the browsing state to carry on from, in one transaction. Only the latest `limit` visits
    /// are kept.
    func recordVisit(_ num: Int, at date: Date, state: String, keeping limit: Int, seen: Bool = true) throws {
        try write { db in try Self.recordVisit(num, at: date, state: state, keeping: limit, seen: seen, in: db) }
    }

    /// The stored comic `num`, visited as ``recordVisit(_:at:state:keeping:)`` visits it, the
    /// state to save being what `moving` makes of the browsing state for the comic; all in one
    /// transaction that reads the comic too. nil (nothing written) when it is not stored.
    func visitStored(_ num: Int, at date: Date, keeping limit: Int, moving: (Comic) -> String) throws -> Comic? {
        try write { db in
            guard let comic = try db.cached("SELECT * FROM comic WHERE num = ?").firstRow([num], ComicRecord.comic)
            else { return nil }
            try Self.recordVisit(num, at: date, state: moving(comic), keeping: limit, seen: true, in: db)
            return comic
        }
    }

    private static func recordVisit(
        _ num: Int, at date: Date, state: String, keeping limit: Int, seen: Bool, in db: SQLiteConnection
    ) throws {
        let last = try db.cached("SELECT num FROM visit ORDER BY id DESC LIMIT 1").value(as: Int.self)
        if last != num {
            try db.cached("INSERT INTO visit(num, visited_at) VALUES (?, ?)").execute([
                num, date.timeIntervalSince1970,
            ])
            try db.cached("DELETE FROM visit WHERE id <= (SELECT id FROM visit ORDER BY id DESC LIMIT 1 OFFSET ?)")
                .execute([limit])
        }
        if seen { try markSeen(num, at: date, in: db) }
        try setState(.browsingState, state, in: db)
    }

    /// The comics visited, most recent first, each once: the latest `limit` (nil: all), and
    /// how many there are in all.
    func visitedComics(limit: Int?) throws -> (numbers: [Int], total: Int) {
        try read { db in
            // The ids follow the order the visits were committed in, which the clock may not.
            let numbers = try db.cached("SELECT num FROM visit GROUP BY num ORDER BY max(id) DESC LIMIT ?")
                .values([limit ?? -1], as: Int.self)
            return (numbers, try db.cached("SELECT count(DISTINCT num) FROM visit").value(as: Int.self) ?? 0)
        }
    }

    /// Moves the visits a store made before they had rows kept inside the browsing state
    /// (`current|back|forward|visits|seen`, oldest first) into rows of unknown time, and the
    /// rest of the state to its key, in the state's `table` (`setting` before v13).
    static func moveVisitsOutOfState(in db: SQLiteConnection, table: String = "state") throws {
        guard let legacy = try state(.browsingStateWithVisits, in: db, table: table) else { return }
        var fields = legacy.split(separator: "|", omittingEmptySubsequences: false)
        if fields.count == 5 {
            let visits = fields.remove(at: 3).split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            for num in visits { try db.cached("INSERT INTO visit(num, visited_at) VALUES (?, 0)").execute([num]) }
            try setState(.browsingState, fields.joined(separator: "|"), in: db, table: table)
        }
        try setState(.browsingStateWithVisits, nil, in: db, table: table)
    }
}
