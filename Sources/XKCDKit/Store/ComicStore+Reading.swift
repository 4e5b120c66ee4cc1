import Foundation
import GRDB

extension ComicStore {
    /// Marks comic `num` seen (the first time counts; later views change nothing).
    public func markSeen(_ num: Int, at date: Date) throws {
        try write { db in
            try db.cachedStatement(sql: "INSERT INTO seen(num, first_seen) VALUES (?, ?) ON CONFLICT(num) DO NOTHING")
                .execute(arguments: [num, date.timeIntervalSince1970])
        }
    }

    /// Every comic seen.
    public func seenNumbers() throws -> Set<Int> {
        try read { db in Set(try Int.fetchAll(db, sql: "SELECT num FROM seen")) }
    }
}
