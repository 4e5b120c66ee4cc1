import GRDB

/// The database schema, as named migrations applied in order.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: comics, absent numbers, settings") { db in
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
        return migrator
    }
}
