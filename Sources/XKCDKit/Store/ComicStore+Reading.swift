#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ComicStore {
    /// Marks comic `num` seen (the first time counts; later views change nothing).
    package func markSeen(_ num: Int, at date: Date) throws {
        try write { db in
            try db.cached("INSERT INTO seen(num, first_seen) VALUES (?, ?) ON CONFLICT(num) DO NOTHING")
                .execute([num, date.timeIntervalSince1970])
        }
    }

    /// Every comic seen.
    package func seenNumbers() throws -> Set<Int> {
        try read { db in Set(try db.values("SELECT num FROM seen", as: Int.self)) }
    }
}
