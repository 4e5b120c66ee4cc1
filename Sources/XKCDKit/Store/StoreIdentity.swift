/// Whose database a file is. xkcd's stores carry the project's application_id in their header
/// and their schema version in user_version; a store made before they did is known by its
/// migrations table, which holds only names of xkcd's migrations, and is stamped when opened.
enum StoreIdentity {
    /// "xkcd" in ASCII, in SQLite's application_id.
    static let applicationID = 0x786B_6364

    /// The header's stamp: whose file it is, and how many of the schema's migrations it has.
    struct Stamp: Equatable {
        var applicationID: Int
        var version: Int
    }

    /// The stamp of the database `db` is connected to.
    static func stamp(of db: SQLiteConnection) throws -> Stamp {
        Stamp(
            applicationID: try db.value("PRAGMA application_id") ?? 0,
            version: try db.value("PRAGMA user_version") ?? 0)
    }

    /// Stamps the database as xkcd's store with `version` migrations applied, unless it is already.
    static func setStamp(version: Int, in db: SQLiteConnection) throws {
        guard try stamp(of: db) != Stamp(applicationID: applicationID, version: version) else { return }
        try db.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(version)")
    }

    /// Why the SQLite file at `path` is not an xkcd store, or nil when it is one, holds nothing
    /// yet, or cannot be read (opening it says what is wrong then). Changes nothing in the file.
    static func foreignness(at path: String) -> String? {
        guard let db = try? SQLiteConnection(path: path, create: false, readOnly: true),
            let stamp = try? stamp(of: db),
            let objects = try? db.values(
                "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'", as: String.self)
        else { return nil }
        let migrations =
            objects.contains("grdb_migrations")
            ? try? db.values("SELECT identifier FROM grdb_migrations", as: String.self) : nil
        return foreignness(stamp: stamp, objects: objects, migrations: migrations)
    }

    /// Why a database stamped `stamp`, whose schema has the `objects` named and whose table
    /// `grdb_migrations` holds `migrations` (nil: it has none), is not an xkcd store.
    static func foreignness(stamp: Stamp, objects: [String], migrations: [String]?) -> String? {
        if stamp.applicationID == applicationID { return nil }
        let foreign = "not an xkcd database"
        if stamp.applicationID != 0 { return foreign + ": its application_id is another program's" }
        if stamp.version != 0 { return foreign + ": its user_version is set, by another program" }
        if objects.isEmpty { return nil }
        let known = Set(StoreSchema.migrations.map(\.0))
        // Every store made before the stamp names its migrations; an empty list is one whose
        // first migration never committed.
        if let migrations, Set(migrations).isSubset(of: known), !migrations.isEmpty || objects == ["grdb_migrations"] {
            return nil
        }
        return foreign + ": it holds another program's tables"
    }
}
