import CSQLiteSetup

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The local SQLite store: comics fetched once, numbers the server did not have (and when), and settings.
package struct ComicStore: Sendable {
    private let database: SQLiteDatabase
    /// The database file, nil in memory.
    let path: String?
    /// Why every write fails at once, for a store opened only to read (on a full disk, in a
    /// read-only directory).
    private let unwritable: XKCDError?
    // The browsing state as the store opened, read with the schema's version, until taken.
    private let stateAtOpen: Lock<String?>

    /// Whether every row is seen: false only for a store read as the file stands on a full
    /// disk (every write failing) while its write-ahead log holds rows that reading misses.
    var seesEveryRow: Bool {
        guard unwritable != nil, let path else { return true }
        var log = stat()
        return stat(path + "-wal", &log) != 0 || log.st_size == 0
    }

    /// Opens (creating if needed) the database at `url`, in WAL mode with a busy timeout.
    /// A damaged file (not SQLite, truncated, or reported corrupt by SQLite) is moved aside,
    /// a new store is created and what can still be read is copied over; another program's
    /// database is moved aside whole. `notify` hears one line saying so. With `readOnly` (the
    /// directory cannot be written to), the file is read as it stands and every write throws
    /// `readOnly`; with no file to read, opening does.
    /// A run of one short command opens it without a reading connection beside the writing
    /// one (`readerBeside` false): one connection does all.
    package static func open(
        at url: URL, readOnly: XKCDError? = nil, readerBeside: Bool = true, notify: (String) -> Void = { _ in }
    ) throws -> ComicStore {
        if let readOnly {
            var file = stat()
            var log = stat()
            guard stat(url.path, &file) == 0, file.st_size > 0 else { throw readOnly }
            // A log left by a writer holds commits the file lacks: read with it, and SQLite's
            // locks, where it can be. Without one, the file as it is is the whole store.
            let hasLog = stat(url.path + "-wal", &log) == 0 && log.st_size > 0
            guard
                let database = hasLog
                    ? try? SQLiteDatabase(readOnly: url.path, prepare: Self.prepareSearch)
                    : try? SQLiteDatabase(immutable: url.path, prepare: Self.prepareSearch),
                let store = try? ComicStore(database: database, path: url.path, unwritable: readOnly),
                try store.read(StoreIdentity.stamp).version == StoreSchema.migrations.count
            else { throw readOnly }
            return store
        }
        // Two processes opening a new database at once would both switch it to WAL and both
        // run the migrations (SQLite answers one "locked" or "already exists"), and two finding
        // it damaged would both move it aside. A lock beside the file makes openers take
        // turns; it is a flock, which SQLite's own (fcntl) locks ignore.
        let lock = try? FileLock(waitingFor: url.path + "-lock")
        defer { withExtendedLifetime(lock) {} }
        let marker = url.path + StoreRecovery.markerSuffix
        let finding = StoreFileCheck.inspect(at: url.path)
        if case let .damaged(damage) = finding {
            return try StoreRecovery.recover(at: url, reason: damage, notify: notify)
        }
        if access(marker, F_OK) == 0 {
            // An earlier run met SQLITE_CORRUPT, which may lie where quick_check does not look
            // (inside full-text index blobs): rebuild from what is readable.
            return try StoreRecovery.recover(
                at: url, reason: "SQLite reported it corrupt during an earlier run",
                notify: notify)
        }
        // A header stamped as xkcd's is enough; any other file is looked into once.
        if case let .sqlite(applicationID) = finding, applicationID != StoreIdentity.applicationID,
            let reason = StoreIdentity.foreignness(at: url.path)
        {
            return try StoreRecovery.setAside(at: url, reason: reason, notify: notify)
        }
        do {
            return try openPool(at: url, readerBeside: readerBeside)
        } catch let error as SQLiteError where StoreRecovery.isDamage(error) {
            return try StoreRecovery.recover(at: url, reason: error.message, notify: notify)
        }
    }

    // On a full disk, the database file as it is, read without locks (see
    // `SQLiteConnection(immutable:)`), every write failing with the disk-full error; nil
    // when `error` is not for lack of room, or there is nothing stored to read.
    private static func openToRead(at url: URL, after error: SQLiteError) -> ComicStore? {
        var file = stat()
        guard error.code == SQLITE_FULL || error.code == SQLITE_IOERR, stat(url.path, &file) == 0, file.st_size > 0,
            let full = StoreErrors.fullDisk(at: url.path),
            let database = try? SQLiteDatabase(immutable: url.path, prepare: Self.prepareSearch)
        else { return nil }
        return try? ComicStore(database: database, path: url.path, unwritable: full)
    }

    // Once, before the first connection: sqlite3_config may not run beside another thread's use.
    private static let withoutMemoryStatistics: Int32 = xkcd_sqlite_disable_memory_statistics()

    /// How many pages the write-ahead log grows by before a commit copies it back.
    static let checkpointPages = 200

    /// Opens the pool at `url` and brings its schema up to date (callers hold the open lock).
    static func openPool(at url: URL, readerBeside: Bool = true) throws -> ComicStore {
        // Before the first connection, or it changes nothing: SQLite's memory statistics take
        // a global mutex around each of the million allocations a sync's indexing makes.
        _ = Self.withoutMemoryStatistics
        do {
            // In WAL mode NORMAL never corrupts the database; a power cut may only lose the last
            // commits. FULL would fsync on every navigation.
            // The log is copied back more often than SQLite's default of every 1,000 pages: a sync
            // then does most of that work while comics arrive, and the close after the last one has
            // little left (4 ms instead of 14).
            let database = try SQLiteDatabase(path: url.path, readerBeside: readerBeside) { db in
                try db.execute("PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
                try Self.prepareSearch(db)
            }
            return try ComicStore(database: database, path: url.path)
        } catch let error as SQLiteError where !StoreRecovery.isDamage(error) {
            // A full disk has no room for the shared memory and log a store in WAL mode opens
            // with: what is stored is still read, and writes say the disk is full.
            if let store = openToRead(at: url, after: error) { return store }
            throw StoreErrors.error(for: error, path: url.path, opening: true)
        }
    }

    /// A store in memory with the same schema, gone when the last copy is: for tests.
    static func inMemory() throws -> ComicStore {
        try ComicStore(database: SQLiteDatabase(path: nil, prepare: Self.prepareSearch), path: nil)
    }

    private init(database: SQLiteDatabase, path: String?, unwritable: XKCDError? = nil) throws {
        self.database = database
        self.path = path
        self.unwritable = unwritable
        // The schema's version and, where it is this program's, the browsing state: one read.
        let (stamp, browsing) = try database.read { db in
            let stamp = try StoreIdentity.stamp(of: db)
            return (stamp, StoreSchema.isCurrent(stamp) ? try Self.state(.browsingState, in: db) : nil)
        }
        // A newer program's store may name its columns otherwise: this one neither reads nor
        // writes it.
        if stamp.applicationID == StoreIdentity.applicationID, stamp.version > StoreSchema.migrations.count {
            throw XKCDError.storage(
                "\(TerminalSanitizer.path(path ?? "the database")) was written by a newer xkcd (schema "
                    + "\(stamp.version); this one knows \(StoreSchema.migrations.count)) — update xkcd, or choose "
                    + "another data directory with --data-dir; nothing in it was changed")
        }
        if unwritable == nil, !StoreSchema.isCurrent(stamp) { try StoreSchema.migrate(database, from: stamp) }
        stateAtOpen = Lock(StoreSchema.isCurrent(stamp) ? browsing : nil)
    }

    /// The browsing state the last process to move saved, in ``SessionState/encoded`` form: the
    /// first time, as the store opened (read with the schema's version, so a run that opens
    /// the store to move makes one read of it); afterwards read anew, as another process may
    /// have moved since.
    func browsingState() throws -> String? {
        let atOpen = stateAtOpen.withLock { state in
            defer { state = nil }
            return state
        }
        return try atOpen ?? state(.browsingState)
    }

    /// The stored comic `num`, if any.
    func comic(_ num: Int) throws -> Comic? {
        try read { db in try db.cached("SELECT * FROM comic WHERE num = ?").firstRow([num], ComicRecord.comic) }
    }

    /// Stores `comic` (replacing an older copy) and indexes it for search.
    func save(_ comic: Comic, at date: Date) throws {
        try save([comic], absent: [], at: date)
    }

    /// Stores `comics` and records `absent` numbers in one transaction: a crash keeps all or none.
    func save(_ comics: [Comic], absent: [Int], at date: Date) throws {
        let batch = ComicBatch(comics: comics, documents: comics.map(SearchDocument.init), absent: absent, date: date)
        _ = try write { db in try Self.insert(batch, into: db) }
    }

    /// Writes `batch` within the caller's transaction; returns how many of its comics were not
    /// stored before (another process may have stored the others meanwhile).
    @discardableResult
    static func insert(_ batch: ComicBatch, into db: SQLiteConnection) throws -> Int {
        let stored =
            try db.cached("SELECT count(*) FROM comic WHERE num IN (SELECT value FROM json_each(?))")
            .value([jsonArray(batch.comics.map(\.num))], as: Int.self) ?? 0
        // Indexed first: a replaced comic's entry is removed with the text of the stored copy.
        try index(try explained(batch.documents, in: db), in: db)
        // Values bound one by one to one cached statement: a sync writes thousands of rows.
        let upsert = try db.cached(
            """
            INSERT INTO comic(num, title, safe_title, alt, img, link, news, transcript, year, month, day,
                fetched_at, extra_parts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(num) DO UPDATE SET title = excluded.title, safe_title = excluded.safe_title,
                alt = excluded.alt, img = excluded.img, link = excluded.link, news = excluded.news,
                transcript = excluded.transcript, year = excluded.year, month = excluded.month,
                day = excluded.day, fetched_at = excluded.fetched_at, extra_parts = excluded.extra_parts
            """)
        for comic in batch.comics {
            upsert.bind(1, comic.num)
            upsert.bind(2, comic.title)
            upsert.bind(3, comic.safeTitle)
            upsert.bind(4, comic.alt)
            upsert.bind(5, comic.img)
            upsert.bind(6, comic.link)
            upsert.bind(7, comic.news)
            upsert.bind(8, comic.transcript)
            upsert.bind(9, comic.year)
            upsert.bind(10, comic.month)
            upsert.bind(11, comic.day)
            upsert.bind(12, batch.date.timeIntervalSince1970)
            upsert.bind(13, comic.extraParts)
            try upsert.run()
        }
        let absent = try db.cached(Self.recordAbsence)
        for num in batch.absent {
            absent.bind(1, num)
            absent.bind(2, batch.date.timeIntervalSince1970)
            try absent.run()
        }
        if !batch.comics.isEmpty {
            try db.cached(Self.forgetAbsencesOfStoredComics).execute()
        }
        return batch.comics.count - stored
    }

    /// How many comics are stored.
    func comicCount() throws -> Int {
        try read { db in try db.value("SELECT count(*) FROM comic") ?? 0 }
    }

    /// Titles of the stored comics among `numbers`, by number.
    func titles(of numbers: [Int]) throws -> [Int: String] {
        guard !numbers.isEmpty else { return [:] }
        return try read { db in
            let rows = try db.rows(
                "SELECT num, title, safe_title FROM comic WHERE num IN (SELECT value FROM json_each(?))",
                [Self.jsonArray(numbers)]
            ) { row -> (Int, String) in
                (row["num"], TextRepair.displayTitle(title: row["title"], safeTitle: row["safe_title"]))
            }
            return Dictionary(rows, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The numbers of every stored comic.
    package func storedNumbers() throws -> Set<Int> {
        try read { db in Set(try db.values("SELECT num FROM comic", as: Int.self)) }
    }

    /// The stored comics whose answer was stored before `extra_parts` was recorded: whether they
    /// are interactive pages is unknown until they are fetched again.
    func numbersWithoutExtraParts() throws -> Set<Int> {
        try read { db in Set(try db.values("SELECT num FROM comic WHERE extra_parts IS NULL", as: Int.self)) }
    }

    /// A value that changes whenever comics or favorites are added, replaced or removed.
    func titleSignature() throws -> String {
        try read { db in
            try db.cached(
                """
                SELECT (SELECT COUNT(*) FROM comic), (SELECT TOTAL(fetched_at) FROM comic),
                       (SELECT COUNT(*) FROM favorite), (SELECT TOTAL(num) FROM favorite)
                """
            ).firstRow { row in "\(row[0] as Int)/\(row[1] as Double)/\(row[2] as Int)/\(row[3] as Double)" } ?? ""
        }
    }

    /// Every stored comic's number and display title, in number order.
    package func allTitles() throws -> [(num: Int, title: String)] {
        try read { db in
            try db.rows("SELECT num, title, safe_title FROM comic ORDER BY num") { row in
                (num: row["num"], title: TextRepair.displayTitle(title: row["title"], safeTitle: row["safe_title"]))
            }
        }
    }

    /// A JSON array of `numbers`, for `json_each`: one statement for a list of any length.
    static func jsonArray(_ numbers: [Int]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }

    func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        do { return try database.read(body) } catch let error as SQLiteError { throw storageError(error) }
    }

    /// How many rows this process has changed in the store since it opened it.
    var rowsChanged: Int { database.rowsChanged }

    func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if let unwritable { throw unwritable }
        do { return try database.write(body) } catch let error as SQLiteError { throw storageError(error) }
    }

    /// `body` with the write connection and no transaction of its own.
    func writeWithoutTransaction<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if let unwritable { throw unwritable }
        do {
            return try database.writeWithoutTransaction(body)
        } catch let error as SQLiteError {
            throw storageError(error)
        }
    }

    private func storageError(_ error: SQLiteError) -> XKCDError {
        // Read without locks, a page may be caught mid-checkpoint: that is no damage to the file.
        if let path, unwritable == nil, StoreRecovery.isDamage(error) {
            // The next open moves the file aside and rebuilds the store from what is readable.
            _ = FileManager.default.createFile(atPath: path + StoreRecovery.markerSuffix, contents: nil)
        }
        return StoreErrors.error(for: error, path: path, opening: false)
    }
}

/// The `comic` table's row, read back as a ``Comic`` (rows are written by ``ComicStore/save(_:absent:at:)``).
struct ComicRecord {
    var comic: Comic
    var fetchedAt: Double

    /// The row `row` is on, from a `SELECT *` of the table.
    init(row: SQLiteRow) {
        comic = Self.comic(row)
        fetchedAt = row["fetched_at"]
    }

    /// The comic of the row `row` is on, from a `SELECT *` of the table.
    static func comic(_ row: SQLiteRow) -> Comic {
        Comic(
            num: row["num"], title: row["title"], safeTitle: row["safe_title"], alt: row["alt"], img: row["img"],
            link: row["link"], news: row["news"], transcript: row["transcript"], year: row["year"],
            month: row["month"], day: row["day"],
            // Absent from a damaged store made before it was recorded, which is read unmigrated.
            extraParts: row.optional("extra_parts"))
    }
}

extension ComicStore {
    /// Makes stored comic `num` a favorite; returns false when it already was one.
    @discardableResult
    func addFavorite(_ num: Int, at date: Date) throws -> Bool {
        try write { db in
            try db.execute(
                "INSERT OR IGNORE INTO favorite(num, added_at) VALUES (?, ?)", [num, date.timeIntervalSince1970])
            return db.changes > 0
        }
    }

    /// Adds every number in `entries` (all of them stored) as favorites in one transaction;
    /// returns how many were new.
    func addFavorites(_ entries: [(num: Int, addedAt: Date)]) throws -> Int {
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
    func removeFavorite(_ num: Int) throws -> Bool {
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
    func favorites() throws -> [Favorite] {
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
    func markSeen(_ num: Int, at date: Date) throws {
        try write { db in try Self.markSeen(num, at: date, in: db) }
    }

    static func markSeen(_ num: Int, at date: Date, in db: SQLiteConnection) throws {
        try db.cached("INSERT INTO seen(num, first_seen) VALUES (?, ?) ON CONFLICT(num) DO NOTHING")
            .execute([num, date.timeIntervalSince1970])
    }

    /// Every comic seen.
    func seenNumbers() throws -> Set<Int> {
        try read { db in Set(try db.values("SELECT num FROM seen", as: Int.self)) }
    }
}

/// A favorite: the comic and when it was added.
struct Favorite: Sendable, Equatable {
    var comic: Comic
    /// When it became a favorite.
    var addedAt: Date

}

/// What a favorite keeps for offline use besides its card.
package struct FavoriteCopies: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    /// A set from its raw bits.
    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    static let image = FavoriteCopies(rawValue: 1)
    /// Its explainxkcd page.
    static let explanation = FavoriteCopies(rawValue: 2)

    /// The copies it holds, by name, in this order: "image", "explanation".
    var names: [String] {
        [(Self.image, "image"), (Self.explanation, "explanation")].filter { contains($0.0) }.map(\.1)
    }
}
