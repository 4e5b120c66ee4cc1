import CSQLiteSetup

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A failure SQLite reported: its result codes and message, and the statement it was met in.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_FULL`, …).
    var code: Int32 { extendedCode & 0xFF }
    /// The extended result code (`SQLITE_IOERR_WRITE`, …).
    var extendedCode: Int32
    /// SQLite's own words.
    package var message: String
    /// The statement, when the failure came from one.
    var sql: String?

    init(extendedCode: Int32, message: String? = nil, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message ?? String(cString: sqlite3_errstr(extendedCode))
        self.sql = sql
    }

    var description: String {
        "SQLite error \(extendedCode): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }
}

/// A value as SQLite stores it.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// What can be bound to a statement's parameter.
package protocol SQLiteBindable {
    /// The value bound.
    var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue: SQLiteBindable {
    package var sqliteValue: SQLiteValue { self }
}

extension Int: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Int64: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(self) }
}

extension Double: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .real(self) }
}

extension String: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .text(self) }
}

extension Bool: SQLiteBindable {
    package var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    package var sqliteValue: SQLiteValue { map(\.sqliteValue) ?? .null }
}

/// What a column's value can be read as. A NULL read as a number is 0, as text empty: the
/// schema says which columns may hold NULL, and those are read as optionals.
package protocol SQLiteReadable {
    /// Column `index` of the row `statement` is on.
    static func read(_ statement: OpaquePointer, _ index: Int32) -> Self
}

extension Int: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> Int {
        Int(sqlite3_column_int64(statement, index))
    }
}

extension Int64: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }
}

extension Double: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }
}

extension Bool: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> Bool {
        sqlite3_column_int64(statement, index) != 0
    }
}

extension String: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}

extension SQLiteValue: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(String.read(statement, index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}

extension Optional: SQLiteReadable where Wrapped: SQLiteReadable {
    package static func read(_ statement: OpaquePointer, _ index: Int32) -> Wrapped? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : Wrapped.read(statement, index)
    }
}

/// The row a statement is on, read while it is there.
package struct SQLiteRow {
    fileprivate let statement: SQLiteStatement

    /// Column `index` (from 0).
    subscript<T: SQLiteReadable>(_ index: Int) -> T {
        T.read(statement.handle, Int32(index))
    }

    /// The column named `name`, which the statement must have.
    package subscript<T: SQLiteReadable>(_ name: String) -> T {
        let index = statement.column(named: name)
        precondition(index >= 0, "no column \(name) in \(statement.sql)")
        return T.read(statement.handle, index)
    }

    /// The column named `name`, nil when the statement has no such column or it is NULL.
    func optional<T: SQLiteReadable>(_ name: String) -> T? {
        let index = statement.column(named: name)
        return index < 0 ? nil : T?.read(statement.handle, index)
    }

    /// Every column's value, in order.
    var values: [SQLiteValue] {
        (0..<sqlite3_column_count(statement.handle)).map { SQLiteValue.read(statement.handle, $0) }
    }
}

/// A prepared statement of one connection.
package final class SQLiteStatement {
    fileprivate let handle: OpaquePointer
    /// Its SQL.
    let sql: String
    private let connection: OpaquePointer
    private var columns: [String: Int32]?

    fileprivate init(sql: String, connection: OpaquePointer, persistent: Bool) throws {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(
            connection, sql, -1, persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Readies the statement for new values: the last run ended, every parameter NULL.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `arguments` to the parameters in order, after ``reset()``.
    func bind(_ arguments: [any SQLiteBindable]) {
        reset()
        for (offset, argument) in arguments.enumerated() { bind(Int32(offset + 1), argument.sqliteValue) }
    }

    /// Binds `value` to parameter `index` (from 1).
    func bind(_ index: Int32, _ value: SQLiteValue) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        case .real(let number): sqlite3_bind_double(handle, index, number)
        case .text(let text): bind(index, text)
        case .blob(let bytes):
            bytes.withUnsafeBytes {
                _ = sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), xkcd_sqlite_transient())
            }
        }
    }

    /// Binds the text `value` to parameter `index`, its bytes copied by SQLite at once.
    func bind(_ index: Int32, _ value: String) {
        var value = value
        value.withUTF8 { bytes in
            guard let base = bytes.baseAddress else {
                _ = sqlite3_bind_text(handle, index, "", 0, xkcd_sqlite_transient())
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                _ = sqlite3_bind_text(handle, index, $0, Int32(bytes.count), xkcd_sqlite_transient())
            }
        }
    }

    func bind(_ index: Int32, _ value: Int) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    func bind(_ index: Int32, _ value: Double) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds 1 or 0, or NULL for nil.
    func bind(_ index: Int32, _ value: Bool?) {
        bind(index, value.sqliteValue)
    }

    /// Moves to the next row: true when there is one, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(
                extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement with the values bound to it, to its end, and readies it for the next.
    package func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Runs the statement with `arguments` to its end.
    func execute(_ arguments: [any SQLiteBindable] = []) throws {
        bind(arguments)
        try run()
    }

    /// `body` for each row the statement gives with `arguments`.
    package func forEachRow(_ arguments: [any SQLiteBindable] = [], _ body: (SQLiteRow) throws -> Void) throws {
        bind(arguments)
        defer { sqlite3_reset(handle) }
        while try step() { try body(SQLiteRow(statement: self)) }
    }

    /// What `read` makes of each row the statement gives with `arguments`.
    func rows<T>(_ arguments: [any SQLiteBindable] = [], _ read: (SQLiteRow) throws -> T) throws -> [T] {
        var rows: [T] = []
        try forEachRow(arguments) { rows.append(try read($0)) }
        return rows
    }

    /// What `read` makes of the first row the statement gives with `arguments`, if any.
    func firstRow<T>(_ arguments: [any SQLiteBindable] = [], _ read: (SQLiteRow) throws -> T) throws -> T? {
        bind(arguments)
        defer { sqlite3_reset(handle) }
        return try step() ? try read(SQLiteRow(statement: self)) : nil
    }

    /// The first column of the first row, if any.
    func value<T: SQLiteReadable>(_ arguments: [any SQLiteBindable] = [], as type: T.Type = T.self) throws -> T? {
        try firstRow(arguments) { $0[0] }
    }

    /// The first column of every row.
    func values<T: SQLiteReadable>(_ arguments: [any SQLiteBindable] = [], as type: T.Type = T.self) throws
        -> [T]
    {
        try rows(arguments) { $0[0] }
    }

    fileprivate func column(named name: String) -> Int32 {
        if columns == nil {
            var found: [String: Int32] = [:]
            for index in 0..<sqlite3_column_count(handle) {
                if let cName = sqlite3_column_name(handle, index) { found[String(cString: cName)] = index }
            }
            columns = found
        }
        return columns?[name] ?? -1
    }
}

/// One connection to a database, used by one thread at a time.
package final class SQLiteConnection {
    /// SQLite's handle.
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    // Kept while the connection is open: SQLite calls it with each statement.
    private let trace: SQLiteTrace?

    /// Where the connections opened in a task are told of (tests that count a command's work);
    /// nil: none is.
    @TaskLocal package static var trace: SQLiteTrace?

    /// Opens the database at `path` (`:memory:` for one in memory), creating it unless
    /// `create` is false, with foreign keys enforced and a busy timeout. A `readOnly` one
    /// changes nothing in the file, not even when it closes.
    package convenience init(path: String, create: Bool = true, readOnly: Bool = false) throws {
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        try self.init(opening: path, flags: access)
    }

    /// Opens the database file at `path` to read only, as it is: no lock, no shared memory and no
    /// write-ahead log, so nothing is written, not even on a full disk. Commits still in the
    /// log are not seen.
    package convenience init(immutable path: String) throws {
        // A URI, so the path's own `?`, `#` and `%` are escaped.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        let escaped = path.utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : "%" + Self.hex($0) }.joined()
        try self.init(opening: "file:\(escaped)?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private init(opening path: String, flags: Int32) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(
                extendedCode: handle.map(sqlite3_extended_errcode) ?? code,
                message: handle.map { String(cString: sqlite3_errmsg($0)) })
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        trace = Self.trace
        trace?.observe(handle)
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5000)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, one or more statements separated by semicolons, taking no values.
    package func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(handle), message: message.map { String(cString: $0) }, sql: sql)
        }
    }

    /// Runs the statement `sql` with `arguments`.
    func execute(_ sql: String, _ arguments: [any SQLiteBindable]) throws {
        try SQLiteStatement(sql: sql, connection: handle, persistent: false).execute(arguments)
    }

    /// The statement `sql`, prepared once for the connection's life.
    func cached(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] {
            // One still on a row (asked for again while its rows are read) is left alone.
            if sqlite3_stmt_busy(statement.handle) != 0 { return try prepare(sql) }
            return statement
        }
        let statement = try SQLiteStatement(sql: sql, connection: handle, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// The statement `sql`, prepared for one use.
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(sql: sql, connection: handle, persistent: false)
    }

    /// What `read` makes of each row of `sql` with `arguments`.
    func rows<T>(_ sql: String, _ arguments: [any SQLiteBindable] = [], _ read: (SQLiteRow) throws -> T)
        throws -> [T]
    {
        try prepare(sql).rows(arguments, read)
    }

    /// What `read` makes of the first row of `sql` with `arguments`, if any.
    func firstRow<T>(_ sql: String, _ arguments: [any SQLiteBindable] = [], _ read: (SQLiteRow) throws -> T)
        throws -> T?
    {
        try prepare(sql).firstRow(arguments, read)
    }

    /// The first column of the first row of `sql`, if any.
    func value<T: SQLiteReadable>(
        _ sql: String, _ arguments: [any SQLiteBindable] = [], as type: T.Type = T.self
    )
        throws -> T?
    {
        try prepare(sql).value(arguments)
    }

    /// The first column of every row of `sql`.
    func values<T: SQLiteReadable>(
        _ sql: String, _ arguments: [any SQLiteBindable] = [], as type: T.Type = T.self
    ) throws -> [T] {
        try prepare(sql).values(arguments)
    }

    /// The rows the last statement changed.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// How a transaction takes the database: `immediate` takes the write lock at once.
    enum TransactionKind: String {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
    }

    /// `body` in a transaction, committed when it returns and rolled back when it throws.
    func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // A failed statement may have rolled the transaction back already.
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Adds the deterministic SQL function `name` of `argumentCount` arguments, computed by `body`.
    func addFunction(
        _ name: String, argumentCount: Int32, _ body: @escaping ([SQLiteValue]) -> SQLiteValue
    ) throws {
        let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
            { context, count, arguments in
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                let values = (0..<Int(count)).map { SQLiteValue(arguments![$0]) }
                switch box.body(values) {
                case .null: sqlite3_result_null(context)
                case .integer(let number): sqlite3_result_int64(context, number)
                case .real(let number): sqlite3_result_double(context, number)
                case .text(let text): sqlite3_result_text(context, text, -1, xkcd_sqlite_transient())
                case .blob(let bytes):
                    bytes.withUnsafeBytes {
                        sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), xkcd_sqlite_transient())
                    }
                }
            }, nil, nil,
            { box in box.map { Unmanaged<FunctionBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(extendedCode: code, sql: name) }
    }

    private final class FunctionBox {
        let body: ([SQLiteValue]) -> SQLiteValue
        init(_ body: @escaping ([SQLiteValue]) -> SQLiteValue) { self.body = body }
    }
}

extension SQLiteValue {
    /// A function argument's value.
    fileprivate init(_ value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            self = .text(
                sqlite3_value_text(value).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
                }
                    ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(
                sqlite3_value_blob(value).map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
        default: self = .null
        }
    }

    /// The text, or nil for any other kind of value.
    package var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

/// A database for a process: a file in WAL mode with one connection that writes and one that
/// reads beside it, each used by one thread at a time; or one connection to a database in
/// memory, for tests.
final class SQLiteDatabase: @unchecked Sendable {
    // @unchecked Sendable: each connection is used only while its lock is held. Not a
    // `Lock<SQLiteConnection>`: its `withLock` hands the value over as `inout sending`, and
    // passing a connection to the caller's `body` (not Sendable) makes it task-isolated, which
    // the compiler refuses; the locks guard nothing but the right to use their connection.
    private let writer: SQLiteConnection
    private let writerLock = Lock(())
    private let reader: SQLiteConnection?
    private let readerLock = Lock(())

    /// Reads the database file at `path` as it is, through one connection that cannot write
    /// (see ``SQLiteConnection/init(immutable:)``); `prepare` is run on it.
    init(immutable path: String, prepare: (SQLiteConnection) throws -> Void) throws {
        writer = try SQLiteConnection(immutable: path)
        try prepare(writer)
        reader = nil
    }

    /// Reads the database at `path` through one connection that cannot write, with SQLite's
    /// locks and its write-ahead log, which must exist already; `prepare` is run on it.
    init(readOnly path: String, prepare: (SQLiteConnection) throws -> Void) throws {
        writer = try SQLiteConnection(path: path, create: false, readOnly: true)
        try prepare(writer)
        reader = nil
    }

    /// Opens the database at `path` (nil: in memory), `prepare` run on each connection; with
    /// a reading connection beside the writing one unless `readerBeside` is false (a run of
    /// one short command, whose reads need not go on beside a write).
    init(path: String?, readerBeside: Bool = true, prepare: (SQLiteConnection) throws -> Void) throws {
        guard let path else {
            writer = try SQLiteConnection(path: ":memory:")
            try prepare(writer)
            reader = nil
            return
        }
        writer = try SQLiteConnection(path: path)
        try writer.execute("PRAGMA journal_mode = WAL")
        try prepare(writer)
        guard readerBeside else {
            reader = nil
            return
        }
        let reading = try SQLiteConnection(path: path, create: false)
        try prepare(reading)
        reader = reading
    }

    /// `body` in a read transaction: it sees the database as one commit left it, whatever
    /// another connection writes meanwhile. It may make temporary tables of its own.
    func read<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let reader else {
            return try writerLock.withLock { _ in try writer.transaction(.deferred, { try body(writer) }) }
        }
        return try readerLock.withLock { _ in try reader.transaction(.deferred) { try body(reader) } }
    }

    /// `body` in a write transaction, committed when it returns.
    func write<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writerLock.withLock { _ in try writer.transaction(.immediate) { try body(writer) } }
    }

    /// How many rows this process has written, inserted or deleted since the database opened.
    var rowsChanged: Int {
        writerLock.withLock { _ in Int(sqlite3_total_changes64(writer.handle)) }
    }

    /// `body` with the writing connection and no transaction of its own.
    func writeWithoutTransaction<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writerLock.withLock { _ in try body(writer) }
    }
}

/// The connections opened, and every statement each runs as SQLite starts it, for tests that
/// count what a command costs (see ``SQLiteConnection/trace``).
package final class SQLiteTrace: Sendable {
    private let log = Lock((connections: 0, statements: [String]()))

    package init() {}

    /// How many connections were opened.
    package var connections: Int { log.withLock { $0.connections } }

    /// The statements run, in order, as written (without their values).
    package var statements: [String] { log.withLock { $0.statements } }

    fileprivate func observe(_ handle: OpaquePointer) {
        log.withLock { $0.connections += 1 }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(
            handle, UInt32(SQLITE_TRACE_STMT),
            { _, context, _, sql in
                guard let context, let sql else { return 0 }
                let text = String(cString: sql.assumingMemoryBound(to: CChar.self))
                Unmanaged<SQLiteTrace>.fromOpaque(context).takeUnretainedValue().log.withLock {
                    $0.statements.append(text)
                }
                return 0
            }, context)
    }
}
