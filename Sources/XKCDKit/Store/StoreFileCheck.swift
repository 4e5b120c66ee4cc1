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
/// last checkpoint; damage inside pages is left to SQLite's own SQLITE_CORRUPT reports.
enum StoreFileCheck {
    /// What is wrong with the file at `path`, or nil when it looks sound (or does not exist).
    static func damage(at path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int64(status.st_size)
        // An empty file is what SQLite itself leaves before the first write: a new database.
        if size == 0 { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        return damage(header: Array(header.prefix(max(count, 0))), fileSize: size, walSize: fileSize(path + "-wal"))
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
