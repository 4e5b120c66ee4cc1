#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ComicStore {
    /// Makes stored comic `num` a favorite; returns false when it already was one.
    @discardableResult
    package func addFavorite(_ num: Int, at date: Date) throws -> Bool {
        try write { db in
            try db.execute(
                "INSERT OR IGNORE INTO favorite(num, added_at) VALUES (?, ?)", [num, date.timeIntervalSince1970])
            return db.changes > 0
        }
    }

    /// Adds every number in `entries` (all of them stored) as favorites in one transaction;
    /// returns how many were new.
    package func addFavorites(_ entries: [(num: Int, addedAt: Date)]) throws -> Int {
        try write { db in
            var added = 0
            for entry in entries {
                try db.cached("INSERT OR IGNORE INTO favorite(num, added_at) VALUES (?, ?)").execute([
                    entry.num, entry.addedAt.timeIntervalSince1970,
                ])
                added += db.changes
            }
            return added
        }
    }

    /// Removes favorite `num`; returns false when it was not one.
    @discardableResult
    package func removeFavorite(_ num: Int) throws -> Bool {
        try write { db in
            try db.execute("DELETE FROM favorite WHERE num = ?", [num])
            return db.changes > 0
        }
    }

    /// The favorites' numbers.
    package func favoriteNumbers() throws -> Set<Int> {
        try read { db in Set(try db.values("SELECT num FROM favorite", as: Int.self)) }
    }

    /// Every favorite, in the order they were added.
    package func favorites() throws -> [Favorite] {
        try read { db in
            try db.rows(
                """
                SELECT comic.*, favorite.added_at AS favorite_added_at
                FROM favorite JOIN comic USING (num) ORDER BY favorite.added_at, favorite.num
                """
            ) { row in
                Favorite(comic: ComicRecord.comic(row), addedAt: Date(timeIntervalSince1970: row["favorite_added_at"]))
            }
        }
    }
}

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

/// A favorite: the comic and when it was added.
package struct Favorite: Sendable, Equatable {
    /// The comic.
    package var comic: Comic
    /// When it became a favorite.
    package var addedAt: Date

    /// Creates a favorite.
    package init(comic: Comic, addedAt: Date) {
        self.comic = comic
        self.addedAt = addedAt
    }
}

/// What a favorite keeps for offline use besides its card.
package struct FavoriteCopies: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    /// A set from its raw bits.
    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Its image.
    package static let image = FavoriteCopies(rawValue: 1)
    /// Its explainxkcd page.
    package static let explanation = FavoriteCopies(rawValue: 2)

    /// The copies it holds, by name, in this order: "image", "explanation".
    package var names: [String] {
        [(Self.image, "image"), (Self.explanation, "explanation")].filter { contains($0.0) }.map(\.1)
    }
}
