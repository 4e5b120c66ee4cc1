import Foundation
import GRDB

/// SQLite's failures as messages a user can act on.
enum StoreErrors {
    /// The user-facing error for `error`, met on the database at `path` while opening it or later.
    static func error(for error: DatabaseError, path: String?, opening: Bool) -> XKCDError {
        let file = path ?? "the database"
        let directory = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "the data directory"
        let detail = error.message ?? error.description
        switch error.resultCode {
        case .SQLITE_FULL:
            return .storage(
                "the disk holding \(directory) is full — free some space and try again; nothing stored was lost")
        case .SQLITE_READONLY, .SQLITE_PERM:
            return .storage(
                "cannot write to \(file) — the data directory \(directory) is read-only; fix its permissions or "
                    + "choose another with --data-dir"
            )
        case .SQLITE_CANTOPEN:
            return .storage(
                "cannot open \(file) — check that \(directory) exists and is writable, or choose another with "
                    + "--data-dir"
            )
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .storage(
                "\(file) is damaged (\(detail)) — the next run moves it aside and keeps the favorites it can still read"
            )
        case .SQLITE_IOERR
        where error.extendedResultCode == .SQLITE_IOERR_WRITE || error.extendedResultCode == .SQLITE_IOERR_FSYNC:
            return .storage("cannot write to \(file) (\(detail)) — is the disk full or failing?")
        default:
            return .storage(opening ? "cannot open \(file): \(detail)" : detail)
        }
    }
}
