import Foundation
import GRDB

extension ComicStore {
    /// The stored explanation of comic `num`, if any.
    public func explanation(_ num: Int) throws -> StoredExplanation? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT title, wikitext, fetched_at FROM explanation WHERE num = ?",
                    arguments: [num])
            else { return nil }
            return StoredExplanation(
                page: ExplainPage(num: num, title: row["title"], wikitext: row["wikitext"]),
                fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
        }
    }

    /// Stores (or replaces) an explanation.
    public func saveExplanation(_ page: ExplainPage, at date: Date) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO explanation(num, title, wikitext, fetched_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(num) DO UPDATE SET title = excluded.title, wikitext = excluded.wikitext, fetched_at = excluded.fetched_at
                    """, arguments: [page.num, page.title, page.wikitext, date.timeIntervalSince1970])
        }
    }
}
