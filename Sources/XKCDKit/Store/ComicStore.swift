import CSQLiteSetup
import Foundation
import GRDB

/// The local SQLite store: comics fetched once, numbers the server did not have (and when), and settings.
public struct ComicStore: Sendable {
    private let writer: any DatabaseWriter
    /// The database file, nil in memory.
    public let path: String?

    /// Opens (creating if needed) the database at `url`, in WAL mode with a busy timeout.
    /// A damaged file (not SQLite, truncated, or reported corrupt by SQLite) is moved aside,
    /// a new store is created and what can still be read is copied over; `notify` hears one
    /// line saying so.
    public static func open(at url: URL, notify: (String) -> Void = { _ in }) throws -> ComicStore {
        // Two processes opening a new database at once would both switch it to WAL and both
        // run the migrations (SQLite answers one "locked" or "already exists"), and two finding
        // it damaged would both move it aside. A lock beside the file makes openers take
        // turns; it is a flock, which SQLite's own (fcntl) locks ignore.
        let lock = Foundation.open(url.path + "-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        let marker = url.path + StoreRecovery.markerSuffix
        if let damage = StoreFileCheck.damage(at: url.path) {
            return try StoreRecovery.recover(at: url, reason: damage, notify: notify)
        }
        if access(marker, F_OK) == 0 {
            // An earlier run met SQLITE_CORRUPT, which may lie where quick_check does not look
            // (inside full-text index blobs): rebuild from what is readable.
            return try StoreRecovery.recover(
                at: url, reason: "SQLite reported it corrupt during an earlier run",
                notify: notify)
        }
        do {
            return try openPool(at: url)
        } catch let error as DatabaseError where StoreRecovery.isDamage(error) {
            return try StoreRecovery.recover(
                at: url, reason: error.message ?? "SQLite reports it corrupt",
                notify: notify)
        }
    }

    /// How many pages the write-ahead log grows by before a commit copies it back.
    static let checkpointPages = 200

    /// Opens the pool at `url` and brings its schema up to date (callers hold the open lock).
    static func openPool(at url: URL) throws -> ComicStore {
        // Before the first connection, or it changes nothing: SQLite's memory statistics take
        // a global mutex around each of the million allocations a sync's indexing makes.
        _ = xkcd_sqlite_disable_memory_statistics()
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        // In WAL mode NORMAL never corrupts the database; a power cut may only lose the last
        // commits. FULL would fsync on every navigation.
        // The log is copied back more often than SQLite's default of every 1,000 pages: a sync
        // then does most of that work while comics arrive, and the close after the last one has
        // little left (4 ms instead of 14).
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
            try Self.prepareSearch(db)
        }
        do {
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            return try ComicStore(writer: pool, path: url.path)
        } catch let error as DatabaseError where !StoreRecovery.isDamage(error) {
            throw StoreErrors.error(for: error, path: url.path, opening: true)
        }
    }

    /// A store in memory with the same schema, gone when the last copy is: for tests.
    package static func inMemory() throws -> ComicStore {
        var configuration = Configuration()
        configuration.prepareDatabase(Self.prepareSearch)
        return try ComicStore(writer: DatabaseQueue(configuration: configuration), path: nil)
    }

    private init(writer: any DatabaseWriter, path: String?) throws {
        self.writer = writer
        self.path = path
        try StoreSchema.migrate(writer)
    }

    /// The stored comic `num`, if any.
    public func comic(_ num: Int) throws -> Comic? {
        try read { db in
            let statement = try db.cachedStatement(sql: "SELECT * FROM comic WHERE num = ?")
            return try ComicRecord.fetchOne(statement, arguments: [num])?.comic
        }
    }

    /// Stores `comic` (replacing an older copy) and indexes it for search.
    public func save(_ comic: Comic, at date: Date) throws {
        try save([comic], absent: [], at: date)
    }

    /// Stores `comics` and records `absent` numbers in one transaction: a crash keeps all or none.
    public func save(_ comics: [Comic], absent: [Int], at date: Date) throws {
        let batch = ComicBatch(comics: comics, documents: comics.map(SearchDocument.init), absent: absent, date: date)
        try write { db in try Self.insert(batch, into: db) }
    }

    /// Writes `batch` within the caller's transaction.
    static func insert(_ batch: ComicBatch, into db: Database) throws {
        // Indexed first: a replaced comic's entry is removed with the text of the stored copy.
        try index(try explained(batch.documents, in: db), in: db)
        // One cached statement: GRDB's record upsert builds and compiles SQL for each row.
        let upsert = RowBinder(
            try db.cachedStatement(
                sql: """
                    INSERT INTO comic(num, title, safe_title, alt, img, link, news, transcript, year, month, day,
                        fetched_at, extra_parts)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(num) DO UPDATE SET title = excluded.title, safe_title = excluded.safe_title,
                        alt = excluded.alt, img = excluded.img, link = excluded.link, news = excluded.news,
                        transcript = excluded.transcript, year = excluded.year, month = excluded.month,
                        day = excluded.day, fetched_at = excluded.fetched_at, extra_parts = excluded.extra_parts
                    """), in: db)
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
            try upsert.step()
        }
        let absent = RowBinder(try db.cachedStatement(sql: Self.recordAbsence), in: db)
        for num in batch.absent {
            absent.bind(1, num)
            absent.bind(2, batch.date.timeIntervalSince1970)
            try absent.step()
        }
        if !batch.comics.isEmpty {
            try db.cachedStatement(sql: Self.forgetAbsencesOfStoredComics).execute()
        }
    }

    /// How many comics are stored.
    public func comicCount() throws -> Int {
        try read { db in try ComicRecord.fetchCount(db) }
    }

    /// Titles of the stored comics among `numbers`, by number.
    public func titles(of numbers: [Int]) throws -> [Int: String] {
        guard !numbers.isEmpty else { return [:] }
        return try read { db in
            let rows = try ComicRecord.filter(numbers.contains(ComicRecord.Columns.num)).fetchAll(db)
            return Dictionary(
                rows.map { ($0.num, TextRepair.displayTitle(title: $0.title, safeTitle: $0.safeTitle)) },
                uniquingKeysWith: { a, _ in a })
        }
    }

    /// The numbers of every stored comic.
    public func storedNumbers() throws -> Set<Int> {
        try read { db in Set(try Int.fetchAll(db, sql: "SELECT num FROM comic")) }
    }

    /// The stored comics whose answer was stored before `extra_parts` was recorded: whether they
    /// are interactive pages is unknown until they are fetched again.
    public func numbersWithoutExtraParts() throws -> Set<Int> {
        try read { db in Set(try Int.fetchAll(db, sql: "SELECT num FROM comic WHERE extra_parts IS NULL")) }
    }

    /// A value that changes whenever comics or favorites are added, replaced or removed.
    public func titleSignature() throws -> String {
        try read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT (SELECT COUNT(*) FROM comic), (SELECT TOTAL(fetched_at) FROM comic),
                               (SELECT COUNT(*) FROM favorite), (SELECT TOTAL(num) FROM favorite)
                        """))!
            return "\(row[0] as Int)/\(row[1] as Double)/\(row[2] as Int)/\(row[3] as Double)"
        }
    }

    /// Every stored comic's number and display title, in number order.
    public func allTitles() throws -> [(num: Int, title: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT num, title, safe_title FROM comic ORDER BY num").map { row in
                (num: row["num"], title: TextRepair.displayTitle(title: row["title"], safeTitle: row["safe_title"]))
            }
        }
    }

    /// A setting's value.
    public func setting(_ key: String) throws -> String? {
        try read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [key])
        }
    }

    /// Sets `key` to `value` only if it still holds `expected` (nil: not set), in one
    /// transaction; false when another writer got there first.
    public func replaceSetting(_ key: String, expected: String?, with value: String) throws -> Bool {
        try write { db in
            let current = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
            guard current == expected else { return false }
            try db.execute(sql: Self.upsertSetting, arguments: [key, value])
            return true
        }
    }

    private static let upsertSetting =
        "INSERT INTO setting(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"

    /// Sets (or, with nil, removes) a setting.
    public func setSetting(_ key: String, _ value: String?) throws {
        try write { db in
            if let value {
                try db.cachedStatement(sql: Self.upsertSetting).execute(arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.read(body) } catch let error as DatabaseError { throw storageError(error) }
    }

    /// `body` in a read transaction on a connection that may write its own temporary tables.
    func readWithTemporaryTables<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.unsafeRead { db in
                var result: T?
                try db.inTransaction(.deferred) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw storageError(error)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.write(body) } catch let error as DatabaseError { throw storageError(error) }
    }

    /// `body` with the write connection and no transaction of its own.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.writeWithoutTransaction(body)
        } catch let error as DatabaseError {
            throw storageError(error)
        }
    }

    private func storageError(_ error: DatabaseError) -> XKCDError {
        if let path, StoreRecovery.isDamage(error) {
            // The next open moves the file aside and rebuilds the store from what is readable.
            _ = FileManager.default.createFile(atPath: path + StoreRecovery.markerSuffix, contents: nil)
        }
        return StoreErrors.error(for: error, path: path, opening: false)
    }
}
