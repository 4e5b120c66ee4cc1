import GRDB

/// The database schema, as named migrations applied in order.
enum StoreSchema {
    /// Brings the schema of `writer`'s database up to date. A store that held every
    /// explanation's text twice more is rewritten afterwards, which gives the space back.
    static func migrate(_ writer: any DatabaseWriter) throws {
        let applied = try writer.read { try migrator.appliedIdentifiers($0) }
        try migrator.migrate(writer)
        if applied.contains("v9: explanations in the search index") && !applied.contains(textDerived) {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                try db.checkpoint(.truncate)
            }
        }
    }

    static let textDerived = "v11: search text derived, not stored"

    static var migrator: DatabaseMigrator {
        // Foreign keys are checked as each statement runs, which is quicker than GRDB's check of
        // the whole database after each migration; a migration that rebuilds a table referenced
        // by another must not take `.immediate`.
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: comics, absent numbers, settings", foreignKeyChecks: .immediate) { db in
            try db.create(table: "comic") { t in
                t.primaryKey("num", .integer).check { $0 > 0 }
                t.column("title", .text).notNull()
                t.column("safe_title", .text).notNull()
                t.column("alt", .text).notNull()
                t.column("img", .text).notNull()
                t.column("link", .text).notNull()
                t.column("news", .text).notNull()
                t.column("transcript", .text).notNull()
                t.column("year", .integer).notNull()
                t.column("month", .integer).notNull().check { $0 >= 1 && $0 <= 12 }
                t.column("day", .integer).notNull().check { $0 >= 1 && $0 <= 31 }
                t.column("fetched_at", .double).notNull()
            }
            try db.create(table: "absent") { t in
                t.primaryKey("num", .integer).check { $0 > 0 }
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v2: favorites and images", foreignKeyChecks: .immediate) { db in
            try db.create(table: "favorite") { t in
                t.primaryKey("num", .integer).references("comic", onDelete: .restrict)
                t.column("added_at", .double).notNull()
            }
            try db.create(table: "image") { t in
                t.primaryKey("num", .integer).references("comic", onDelete: .cascade)
                t.column("file", .text).notNull().unique()
                t.column("bytes", .integer).notNull().check { $0 >= 0 }
                t.column("kind", .text).notNull()
                t.column("last_used", .double).notNull()
            }
            try db.create(index: "image_last_used", on: "image", columns: ["last_used"])
        }
        // The search index is made by v11; a store made before v9 has the v3 index, which v9 drops.
        migrator.registerMigration("v3: full-text search", foreignKeyChecks: .immediate) { _ in }
        migrator.registerMigration("v4: explanations", foreignKeyChecks: .immediate) { db in
            try db.create(table: "explanation") { t in
                t.primaryKey("num", .integer).check { $0 > 0 }
                t.column("title", .text).notNull()
                t.column("wikitext", .text).notNull()
                t.column("fetched_at", .double).notNull()
            }
        }
        migrator.registerMigration("v5: reading progress", foreignKeyChecks: .immediate) { db in
            try db.create(table: "seen") { t in
                t.primaryKey("num", .integer).check { $0 > 0 }
                t.column("first_seen", .double).notNull()
            }
        }
        // v11 sets the merge setting on the index it makes.
        migrator.registerMigration("v6: search index merges in eights", foreignKeyChecks: .immediate) { _ in }
        migrator.registerMigration("v7: absences have an age", foreignKeyChecks: .immediate) { db in
            // Absences recorded before they had an age count as seen long ago: asked again.
            try db.alter(table: "absent") { t in
                t.add(column: "checked_at", .double).notNull().defaults(to: 0)
            }
        }
        // Comics stored before keep NULL: whether their answer carried `extra_parts` is unknown
        // until they are fetched again (a sync does that).
        migrator.registerMigration("v8: interactive pages", foreignKeyChecks: .immediate) { db in
            try db.alter(table: "comic") { t in t.add(column: "extra_parts", .boolean) }
        }
        // v11 makes the index and drops the two text columns again.
        migrator.registerMigration("v9: explanations in the search index", foreignKeyChecks: .immediate) { db in
            try db.alter(table: "explanation") { t in
                t.add(column: "explanation_text", .text).notNull().defaults(to: "")
                t.add(column: "transcript_text", .text).notNull().defaults(to: "")
                t.add(column: "incomplete", .boolean).notNull().defaults(to: false)
            }
            try db.execute(sql: ComicStore.markIncomplete)
            try db.execute(sql: "DROP TABLE IF EXISTS comic_fts")
        }
        // Images stored before are the 1x ones; whether a comic has a 2x is unknown until asked.
        migrator.registerMigration("v10: double-resolution images", foreignKeyChecks: .immediate) { db in
            try db.alter(table: "image") { t in t.add(column: "doubled", .boolean).notNull().defaults(to: false) }
            try db.create(table: "single_resolution") { t in
                t.primaryKey("num", .integer).check { $0 > 0 }
                t.column("checked_at", .double).notNull()
            }
        }
        // The index held its own copy of every comic's and explanation's text, and each
        // explanation's text was stored beside its source: the index now reads the view that
        // derives it from the source.
        migrator.registerMigration(textDerived, foreignKeyChecks: .immediate) { db in
            try db.execute(sql: "DROP TABLE IF EXISTS comic_fts")
            try db.alter(table: "explanation") { t in
                t.drop(column: "explanation_text")
                t.drop(column: "transcript_text")
            }
            try db.execute(sql: ComicStore.searchTextView)
            try db.execute(sql: ComicStore.searchIndexTable)
            try db.execute(sql: ComicStore.searchIndexMerging)
            try ComicStore.rebuildIndex(in: db)
        }
        return migrator
    }
}
