/// The database schema, as named migrations applied in order. The names applied are kept in
/// the table `grdb_migrations`, where the stores made so far keep them; the file's header
/// carries the project's application_id and, in user_version, how many were applied.
enum StoreSchema {
    /// Whether `stamp` is this program's store with every migration applied.
    static func isCurrent(_ stamp: StoreIdentity.Stamp) -> Bool {
        stamp.applicationID == StoreIdentity.applicationID && stamp.version == migrations.count
    }

    /// Brings the schema of `database` up to date, each migration in a transaction of its own,
    /// and stamps it as xkcd's store; one stamped as up to date is only read. A store that a
    /// migration made smaller is rewritten afterwards, which gives the space back. `known`: its
    /// stamp, where the caller has just read it.
    static func migrate(_ database: SQLiteDatabase, upTo last: String? = nil, from known: StoreIdentity.Stamp? = nil)
        throws
    {
        let upTo = migrations.firstIndex { $0.0 == last } ?? migrations.count - 1
        let stamp = try known ?? database.read(StoreIdentity.stamp)
        if stamp.applicationID == StoreIdentity.applicationID, stamp.version > upTo { return }
        let applied = try database.write { db in
            try db.execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            return Set(try db.values("SELECT identifier FROM grdb_migrations", as: String.self))
        }
        let pending = migrations.indices.filter { $0 <= upTo && !applied.contains(migrations[$0].0) }
        // A new store is made in one transaction: a fraction of the log a transaction for each
        // migration writes, so that it fits where little space is left.
        let steps = applied.isEmpty || pending.isEmpty ? [pending] : pending.map { [$0] }
        for step in steps {
            try database.write { db in
                for index in step {
                    try migrations[index].1(db)
                    try db.execute("INSERT INTO grdb_migrations(identifier) VALUES (?)", [migrations[index].0])
                }
                try StoreIdentity.setStamp(version: max(stamp.version, (step.last ?? upTo) + 1), in: db)
            }
        }
        if !applied.isEmpty && pending.contains(where: { shrinking.contains(migrations[$0].0) }) {
            try database.writeWithoutTransaction { db in
                try db.execute("VACUUM")
                try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
    }

    static let textDerived = "v11: search text derived, not stored"
    static let packedPages = "v18: explanations' pages packed"

    /// The migrations after which an existing store is rewritten, to give back the space they free.
    static let shrinking: Set = [textDerived, "v17: vectors in a byte a number", packedPages]

    /// Each migration's name and what it does, in order.
    static let migrations: [(String, @Sendable (SQLiteConnection) throws -> Void)] = [
        (
            "v1: comics, absent numbers, settings",
            { db in
                try db.execute(
                    """
                    CREATE TABLE "comic" ("num" INTEGER PRIMARY KEY CHECK ("num" > 0), "title" TEXT NOT NULL,
                        "safe_title" TEXT NOT NULL, "alt" TEXT NOT NULL, "img" TEXT NOT NULL, "link" TEXT NOT NULL,
                        "news" TEXT NOT NULL, "transcript" TEXT NOT NULL, "year" INTEGER NOT NULL,
                        "month" INTEGER NOT NULL CHECK (("month" >= 1) AND ("month" <= 12)),
                        "day" INTEGER NOT NULL CHECK (("day" >= 1) AND ("day" <= 31)), "fetched_at" DOUBLE NOT NULL);
                    CREATE TABLE "absent" ("num" INTEGER PRIMARY KEY CHECK ("num" > 0));
                    CREATE TABLE "setting" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);
                    """)
            }
        ),
        (
            "v2: favorites and images",
            { db in
                try db.execute(
                    """
                    CREATE TABLE "favorite" ("num" INTEGER PRIMARY KEY REFERENCES "comic"("num") ON DELETE RESTRICT,
                        "added_at" DOUBLE NOT NULL);
                    CREATE TABLE "image" ("num" INTEGER PRIMARY KEY REFERENCES "comic"("num") ON DELETE CASCADE,
                        "file" TEXT NOT NULL UNIQUE, "bytes" INTEGER NOT NULL CHECK ("bytes" >= 0),
                        "kind" TEXT NOT NULL, "last_used" DOUBLE NOT NULL);
                    CREATE INDEX "image_last_used" ON "image"("last_used");
                    """)
            }
        ),
        // The search index is made by v11; a store made before v9 has the v3 index, which v9 drops.
        ("v3: full-text search", { _ in }),
        (
            "v4: explanations",
            { db in
                try db.execute(
                    """
                    CREATE TABLE "explanation" ("num" INTEGER PRIMARY KEY CHECK ("num" > 0), "title" TEXT NOT NULL,
                        "wikitext" TEXT NOT NULL, "fetched_at" DOUBLE NOT NULL)
                    """)
            }
        ),
        (
            "v5: reading progress",
            { db in
                try db.execute(
                    """
                    CREATE TABLE "seen" ("num" INTEGER PRIMARY KEY CHECK ("num" > 0), "first_seen" DOUBLE NOT NULL)
                    """)
            }
        ),
        // v11 sets the merge setting on the index it makes.
        ("v6: search index merges in eights", { _ in }),
        // Absences recorded before they had an age count as seen long ago: asked again.
        (
            "v7: absences have an age",
            { db in try db.execute(#"ALTER TABLE "absent" ADD COLUMN "checked_at" DOUBLE NOT NULL DEFAULT 0"#) }
        ),
        // Comics stored before keep NULL: whether their answer carried `extra_parts` is unknown
        // until they are fetched again (a sync does that).
        ("v8: interactive pages", { db in try db.execute(#"ALTER TABLE "comic" ADD COLUMN "extra_parts" BOOLEAN"#) }),
        // v11 makes the index and drops the two text columns again.
        (
            "v9: explanations in the search index",
            { db in
                try db.execute(
                    """
                    ALTER TABLE "explanation" ADD COLUMN "explanation_text" TEXT NOT NULL DEFAULT '';
                    ALTER TABLE "explanation" ADD COLUMN "transcript_text" TEXT NOT NULL DEFAULT '';
                    ALTER TABLE "explanation" ADD COLUMN "incomplete" BOOLEAN NOT NULL DEFAULT 0;
                    """)
                try db.execute(ComicStore.markIncomplete)
                try db.execute("DROP TABLE IF EXISTS comic_fts")
            }
        ),
        // Images stored before are the 1x ones; whether a comic has a 2x is unknown until asked.
        (
            "v10: double-resolution images",
            { db in
                try db.execute(
                    """
                    ALTER TABLE "image" ADD COLUMN "doubled" BOOLEAN NOT NULL DEFAULT 0;
                    CREATE TABLE "single_resolution" ("num" INTEGER PRIMARY KEY CHECK ("num" > 0),
                        "checked_at" DOUBLE NOT NULL);
                    """)
            }
        ),
        // The index held its own copy of every comic's and explanation's text, and each
        // explanation's text was stored beside its source: the index now reads the view that
        // derives it from the source.
        (
            textDerived,
            { db in
                try db.execute("DROP TABLE IF EXISTS comic_fts")
                try db.execute(
                    """
                    ALTER TABLE "explanation" DROP COLUMN "explanation_text";
                    ALTER TABLE "explanation" DROP COLUMN "transcript_text";
                    """)
                try db.execute(ComicStore.searchTextView)
                try db.execute(ComicStore.searchIndexTable)
                try db.execute(ComicStore.searchIndexMerging)
                try ComicStore.rebuildIndex(in: db)
            }
        ),
        // The visit log lived inside the browsing state, which each process wrote whole: one
        // moving erased the visits another had made since it started.
        (
            "v12: visits as rows",
            { db in
                try db.execute(
                    """
                    CREATE TABLE "visit" ("id" INTEGER PRIMARY KEY AUTOINCREMENT,
                        "num" INTEGER NOT NULL CHECK ("num" > 0), "visited_at" DOUBLE NOT NULL)
                    """)
                try ComicStore.moveVisitsOutOfState(in: db, table: "setting")
            }
        ),
        // The store's own state shared the word "setting" with the user's settings file.
        ("v13: the store's state named as such", { db in try db.execute(#"ALTER TABLE "setting" RENAME TO "state""#) }),
        ("v14: the index by meaning", { db in try db.execute(ComicStore.meaningTable) }),
        // Each sync fetches the newest comic again, and its vectors were made anew each time.
        ("v15: the texts' digest by their vectors", { db in try db.execute(ComicStore.meaningDigestColumn) }),
        // A page the wiki did not have was asked for again by every sync.
        ("v16: explainxkcd pages not there yet", { db in try db.execute(ComicStore.explanationAbsentTable) }),
        // Each 1.5 KB vector took a 4 KB overflow page of its own.
        ("v17: vectors in a byte a number", { db in try ComicStore.compactVectors(in: db) }),
        // The wiki pages took more than half of a store with every explanation.
        (
            packedPages,
            { db in
                try db.execute(
                    """
                    UPDATE explanation SET wikitext = pack_wikitext(wikitext) WHERE typeof(wikitext) = 'text';
                    DROP VIEW search_text;
                    """)
                try db.execute(ComicStore.searchTextView)
            }
        ),
        // A model with damaged weights made vectors of nothing but zeros, which nothing is close
        // to, kept under the real model's name: their comics were never found by meaning again.
        ("v19: vectors of a damaged model dropped", { db in try ComicStore.dropEmptyVectors(in: db) }),
    ]
}
