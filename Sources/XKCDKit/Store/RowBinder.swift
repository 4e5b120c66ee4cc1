import GRDB

#if canImport(GRDBSQLite)
    import GRDBSQLite
#else
    import SQLite3
#endif

/// Runs one prepared statement per row, binding each value straight to SQLite. A sync writes
/// 2,664 comics of twelve values, and GRDB's arguments box every one: binding them directly
/// takes a ninth off the writer's instructions.
struct RowBinder {
    private let statement: Statement
    private let handle: OpaquePointer
    private let connection: OpaquePointer?

    /// Binds to `statement`, a statement of `db` (cached by it, typically).
    init(_ statement: Statement, in db: Database) {
        self.statement = statement
        handle = statement.sqliteStatement
        connection = db.sqliteConnection
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `value` to parameter `index` (1-based).
    func bind(_ index: Int32, _ value: String) {
        // SQLite copies the bytes (SQLITE_TRANSIENT), so they need not outlive this call.
        var value = value
        value.withUTF8 { bytes in
            guard let base = bytes.baseAddress else {
                _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
                return
            }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                _ = sqlite3_bind_text(handle, index, text, Int32(bytes.count), Self.transient)
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
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_int64(handle, index, value ? 1 : 0)
    }

    /// Runs the statement with the values bound, then readies it for the next row.
    func step() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
        sqlite3_reset(handle)
    }

    // SQLITE_TRANSIENT is a C macro Swift cannot import: the destructor value -1.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
