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

/// What happens to a damaged database: it is moved aside, a new one takes its place, and
/// whatever SQLite can still read from the old one (favorites first) is copied over.
enum StoreRecovery {
    /// Beside the database, a file saying SQLite reported it corrupt during a run.
    static let markerSuffix = "-check"

    /// Whether `error` says the file itself is damaged.
    static func isDamage(_ error: SQLiteError) -> Bool {
        error.code == SQLITE_CORRUPT || error.code == SQLITE_NOTADB
    }

    /// Moves the database at `url` (and its log files) aside, opens a new store in its place,
    /// and copies over what can still be read.
    static func recover(at url: URL, reason: String, notify: (String) -> Void) throws -> ComicStore {
        let aside = try moveAside(url, as: "damaged", because: "is damaged (\(reason))")
        unlink(url.path + markerSuffix)
        let store = try ComicStore.openPool(at: url)
        let rescued = rescue(from: aside, into: store)
        var summary =
            "the database \(TerminalSanitizer.path(url.path)) was damaged (\(reason)); moved it aside to \(TerminalSanitizer.path(aside)) and started a new one"
        summary += rescued.favorites == 1 ? ", recovering 1 favorite" : ", recovering \(rescued.favorites) favorites"
        if !rescued.lostFavorites.isEmpty {
            summary +=
                " (not \(rescued.lostFavorites.map { "#\($0)" }.joined(separator: ", ")): add again with 'fav N')"
        }
        summary += rescued.comics == 1 ? " and 1 comic" : " and \(rescued.comics) comics"
        notify(summary)
        return store
    }

    /// Moves another program's database at `url` (and its log files) aside as it is, and opens
    /// a new store in its place.
    static func setAside(at url: URL, reason: String, notify: (String) -> Void) throws -> ComicStore {
        let aside = try moveAside(url, as: "foreign", because: "is \(reason)")
        let store = try ComicStore.openPool(at: url)
        notify(
            "the database \(TerminalSanitizer.path(url.path)) is \(reason); moved it aside to \(TerminalSanitizer.path(aside)) and started a new one"
        )
        return store
    }

    // Renames the database at `url` and its log files to a free name ending in `label` and the
    // time; returns that name. `problem` says why, should the rename fail.
    private static func moveAside(_ url: URL, as label: String, because problem: String) throws -> String {
        let stamp = DateText.compactISO8601(Date())
        var aside = url.path + ".\(label)-" + stamp
        var suffix = 1
        while FileManager.default.fileExists(atPath: aside) {
            suffix += 1
            aside = url.path + ".\(label)-" + stamp + "-\(suffix)"
        }
        guard rename(url.path, aside) == 0 else {
            throw XKCDError.storage(
                "\(TerminalSanitizer.path(url.path)) \(problem) and cannot be moved aside: \(String(cString: strerror(errno)))"
            )
        }
        for log in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + log) {
            rename(url.path + log, aside + log)
        }
        return aside
    }

    /// What was copied out of a damaged file.
    struct Rescued: Equatable {
        var comics = 0
        var favorites = 0
        var lostFavorites: [Int] = []
    }

    /// Copies comics, favorites, settings, reading progress, image records and explanations out
    /// of the damaged file at `path` into `store`, row by row, stopping a table at the first
    /// unreadable page.
    static func rescue(from path: String, into store: ComicStore) -> Rescued {
        var rescued = Rescued()
        // Commits still in the log moved aside with the file go into it first: the log holds
        // the newest copy of the pages it has, which may be the ones damaged in the file.
        if let withLog = try? SQLiteConnection(path: path, create: false) {
            try? withLog.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // writable_schema makes SQLite trust the file size over a truncated file's header;
        // query_only keeps this connection from changing anything.
        guard let damaged = try? SQLiteConnection(path: path, create: false),
            (try? damaged.execute("PRAGMA writable_schema = ON; PRAGMA query_only = ON")) != nil
        else { return rescued }
        let favorites = readable(in: damaged, sql: "SELECT num, added_at FROM favorite") { row -> (Int, Double) in
            (row["num"], row["added_at"])
        }
        // Favorites' comics first, by key: they may sit on pages a full scan never reaches.
        var comics: [Int: ComicRecord] = [:]
        for (num, _) in favorites {
            if let record = readable(
                in: damaged, sql: "SELECT * FROM comic WHERE num = \(num)", ComicRecord.init(row:)
            ).first {
                comics[num] = record
            }
        }
        for record in readable(in: damaged, sql: "SELECT * FROM comic", ComicRecord.init(row:)) {
            comics[record.comic.num] = record
        }
        // Rows read from damaged pages may be garbage: the schema's constraints turn those
        // away one by one, and each kind of row is copied on its own.
        // A sync stores its comics in batches under one fetch time: those go back as batches,
        // and a batch holding a garbage row goes back row by row.
        for (time, records) in Dictionary(grouping: comics.values, by: \.fetchedAt) {
            let date = Date(timeIntervalSince1970: time)
            if (try? store.save(records.map(\.comic), absent: [], at: date)) != nil {
                rescued.comics += records.count
                continue
            }
            for record in records where (try? store.save([record.comic], absent: [], at: date)) != nil {
                rescued.comics += 1
            }
        }
        let stored = (try? store.storedNumbers()) ?? []
        for (num, addedAt) in favorites {
            if stored.contains(num), (try? store.addFavorite(num, at: Date(timeIntervalSince1970: addedAt))) != nil {
                rescued.favorites += 1
            } else {
                rescued.lostFavorites.append(num)
            }
        }
        rescued.lostFavorites.sort()
        // Navigation state and history, reading progress, and what makes a favorite work offline: its
        // stored image (the files stay in images/) and its explanation.
        // A store from before v13 keeps its state in a table of the old name.
        copyRows(of: "setting", as: "state", columns: ["key", "value"], from: damaged, into: store)
        copyRows(of: "state", columns: ["key", "value"], from: damaged, into: store)
        copyRows(of: "seen", columns: ["num", "first_seen"], from: damaged, into: store)
        copyRows(of: "image", columns: ["num", "file", "bytes", "kind", "last_used"], from: damaged, into: store)
        copyRows(of: "explanation", columns: ["num", "title", "wikitext", "fetched_at"], from: damaged, into: store)
        copyRows(of: "visit", columns: ["id", "num", "visited_at"], from: damaged, into: store)
        // A file from before visits had rows keeps them in the browsing state copied above.
        _ = try? store.write { db in try ComicStore.moveVisitsOutOfState(in: db) }
        try? store.indexCopiedExplanations()
        return rescued
    }

    /// Copies the readable rows of `table` into `store`'s table `target` (by default the same),
    /// skipping any the schema turns away.
    private static func copyRows(
        of table: String, as target: String? = nil, columns: [String], from damaged: SQLiteConnection,
        into store: ComicStore
    ) {
        let rows = readable(in: damaged, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(table)") { $0.values }
        let insert =
            "INSERT OR IGNORE INTO \(target ?? table)(\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        _ = try? store.write { db in
            for values in rows {
                // A row the constraints refuse (a foreign key to a comic not recovered) is left out.
                try? db.cached(insert).execute(values)
            }
        }
    }

    /// The rows of `sql` that can be read, stopping at the first error.
    private static func readable<T>(in damaged: SQLiteConnection, sql: String, _ decode: (SQLiteRow) -> T) -> [T] {
        var values: [T] = []
        do {
            try damaged.prepare(sql).forEachRow { values.append(decode($0)) }
        } catch {
            // Rows up to the first unreadable page are kept.
        }
        return values
    }
}
