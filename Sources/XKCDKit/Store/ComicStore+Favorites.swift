import Foundation
import GRDB

extension ComicStore {
    /// Makes stored comic `num` a favorite; returns false when it already was one.
    @discardableResult
    public func addFavorite(_ num: Int, at date: Date) throws -> Bool {
        try write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO favorite(num, added_at) VALUES (?, ?)",
                arguments: [num, date.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }

    /// Adds every number in `entries` (all of them stored) as favorites in one transaction;
    /// returns how many were new.
    public func addFavorites(_ entries: [(num: Int, addedAt: Date)]) throws -> Int {
        try write { db in
            var added = 0
            for entry in entries {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO favorite(num, added_at) VALUES (?, ?)",
                    arguments: [entry.num, entry.addedAt.timeIntervalSince1970])
                added += db.changesCount
            }
            return added
        }
    }

    /// Removes favorite `num`; returns false when it was not one.
    @discardableResult
    public func removeFavorite(_ num: Int) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM favorite WHERE num = ?", arguments: [num])
            return db.changesCount > 0
        }
    }

    /// The favorites' numbers.
    public func favoriteNumbers() throws -> Set<Int> {
        try read { db in Set(try Int.fetchAll(db, sql: "SELECT num FROM favorite")) }
    }

    /// Every favorite, in the order they were added.
    public func favorites() throws -> [Favorite] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT comic.*, favorite.added_at AS favorite_added_at
                    FROM favorite JOIN comic USING (num) ORDER BY favorite.added_at, favorite.num
                    """)
            return try rows.map { row in
                Favorite(
                    comic: try ComicRecord(row: row).comic,
                    addedAt: Date(timeIntervalSince1970: row["favorite_added_at"]))
            }
        }
    }
}
