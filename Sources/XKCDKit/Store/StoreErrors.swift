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

/// SQLite's failures as messages a user can act on.
enum StoreErrors {
    // SQLITE_IOERR_WRITE and SQLITE_IOERR_FSYNC, macros Swift cannot import: SQLITE_IOERR | 3 << 8, | 4 << 8.
    private static let ioErrorWrite = SQLITE_IOERR | 3 << 8
    private static let ioErrorFsync = SQLITE_IOERR | 4 << 8

    /// The user-facing error for `error`, met on the database at `path` while opening it or later.
    static func error(for error: SQLiteError, path: String?, opening: Bool) -> XKCDError {
        let file = path.map { TerminalSanitizer.path($0) } ?? "the database"
        let directory =
            path.map { TerminalSanitizer.path(URL(fileURLWithPath: $0).deletingLastPathComponent().path) }
            ?? "the data directory"
        let detail = error.message
        let fileAlone = path.map(isReadOnlyInAWritableDirectory) ?? false
        switch error.code {
        case SQLITE_FULL:
            return .storage(
                "the disk holding \(directory) is full — free some space and try again; nothing stored was lost")
        case SQLITE_READONLY where fileAlone, SQLITE_PERM where fileAlone:
            return .storage(
                "the database file \(file) is read-only — make it writable (chmod u+w) or choose another data "
                    + "directory with --data-dir")
        case SQLITE_READONLY, SQLITE_PERM:
            return .storage(
                "cannot write to \(file) — the data directory \(directory) is read-only; fix its permissions or "
                    + "choose another with --data-dir"
            )
        case SQLITE_CANTOPEN:
            return .storage(
                "cannot open \(file) — check that \(directory) exists and is writable, or choose another with "
                    + "--data-dir"
            )
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return .storage(
                "\(file) is damaged (\(detail)) — the next run moves it aside and keeps the favorites it can still read"
            )
        case SQLITE_IOERR where error.extendedCode == ioErrorWrite || error.extendedCode == ioErrorFsync:
            return .storage("cannot write to \(file) (\(detail)) — is the disk full or failing?")
        default:
            return .storage(opening ? "cannot open \(file): \(detail)" : detail)
        }
    }

    // Whether the file at `path` cannot be written though its folder can: the file itself is
    // what is read-only.
    private static func isReadOnlyInAWritableDirectory(_ path: String) -> Bool {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return access(path, W_OK) != 0 && access(directory, W_OK) == 0
    }

    /// The error for a write to the database at `path`, when the disk holding it is full (less
    /// free than SQLite needs to open a store: its shared memory and the first pages of its log).
    static func fullDisk(at path: String) -> XKCDError? {
        var disk = statvfs()
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard statvfs(directory, &disk) == 0, Int(disk.f_bavail) * Int(disk.f_frsize) < 1 << 20 else { return nil }
        return error(for: SQLiteError(extendedCode: SQLITE_FULL), path: path, opening: false)
    }
}
