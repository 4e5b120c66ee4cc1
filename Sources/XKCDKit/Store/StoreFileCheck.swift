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

/// A cheap look at a database file before SQLite opens it: the 100-byte header and the file
/// sizes, no page reads. It catches a file that is not SQLite and one truncated after its
/// last checkpoint, and reads whose file it says it is; damage inside pages is left to
/// SQLite's own SQLITE_CORRUPT reports.
enum StoreFileCheck {
    /// What the header of a database file says.
    enum Finding: Equatable {
        /// No file, or an empty one: a new database.
        case new
        case damaged(String)
        /// An SQLite file, stamped with this application_id (0: none).
        case sqlite(applicationID: Int)
    }

    /// What the file at `path` looks like.
    static func inspect(at path: String) -> Finding {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .new }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .new }
        let size = Int64(status.st_size)
        // An empty file is what SQLite itself leaves before the first write: a new database.
        if size == 0 { return .new }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        let header = Array(bytes.prefix(max(count, 0)))
        if let damage = damage(header: header, fileSize: size, walSize: fileSize(path + "-wal")) {
            return .damaged(damage)
        }
        // The application_id is a signed 32-bit integer at offset 68.
        return .sqlite(applicationID: Int(Int32(bitPattern: bigEndian(header, at: 68))))
    }

    /// What is wrong with a database whose first bytes are `header`, given the sizes of the
    /// file and of its write-ahead log.
    static func damage(header: [UInt8], fileSize: Int64, walSize: Int64) -> String? {
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            return "not an SQLite database"
        }
        let rawPageSize = Int64(header[16]) << 8 | Int64(header[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            return "its header is damaged"
        }
        // The in-header page count is valid only when the change counter matches
        // "version-valid-for" (file format, section 1.3.8).
        guard bigEndian(header, at: 24) == bigEndian(header, at: 92) else { return nil }
        let needed = Int64(bigEndian(header, at: 28)) * pageSize
        // A checkpoint interrupted by a crash may leave the header ahead of the file; the log
        // still holds those pages and SQLite replays it. SQLite's own slack is the same.
        if fileSize + walSize + 65536 < needed { return "it is truncated" }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func fileSize(_ path: String) -> Int64 {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : 0
    }
}
