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

/// Reads a favorites export (what `favs --json` prints): `{"favorites": [{"num": 353,
/// "added": "2026-11-22T09:10:00Z", …}, …]}`. Everything is checked before anything is used.
enum FavoritesFile {
    /// The largest file accepted.
    static let maxBytes = 10 << 20

    /// One favorite to import.
    struct Entry: Sendable, Equatable {
        /// The comic's number.
        var num: Int
        /// When it was added, if the file says.
        var addedAt: Date?
    }

    /// The bytes of the file at `url`, at most one more than ``maxBytes`` (enough for `parse`
    /// to say it is too large); throws a `POSIXError` saying why they cannot be read.
    static func contents(of url: URL) throws -> Data {
        func failure(_ code: Int32) -> POSIXError { POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw failure(EISDIR) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= maxBytes {
            let count = read(fd, &buffer, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    /// Why a file cannot be read, in words, for the `errno` reading it met.
    static func unreadable(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case ENOTDIR: return "no such file (a part of the path is not a directory)"
        case EACCES, EPERM: return "not readable (permission denied)"
        case EISDIR: return "it is a directory, not a favorites file"
        case ELOOP: return "too many symbolic links"
        case ENAMETOOLONG: return "the name is too long"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// The entries of `data`, deduplicated by number (the earliest date wins), or a message
    /// naming what is wrong.
    static func parse(_ data: Data, name: String) throws -> [Entry] {
        func bad(_ why: String) -> XKCDError {
            .file("\(name) is not a favorites export (\(why)) — make one with 'xkcd --json favs > FILE'")
        }
        guard data.count <= maxBytes else { throw bad("larger than \(maxBytes >> 20) MB") }
        let root: JSONValue
        do {
            root = try JSONReader.parse(data)
        } catch {
            throw bad("not valid JSON")
        }
        guard let list = root["favorites"]?.array else {
            throw bad("no \"favorites\" list")
        }
        var byNumber: [Int: Entry] = [:]
        var order: [Int] = []
        for (index, item) in list.enumerated() {
            guard case .object = item else { throw bad("entry \(index + 1) is not an object") }
            guard let num = item["num"]?.integer, (1...CommandParser.maxComicNumber).contains(num) else {
                throw bad("entry \(index + 1) has no valid \"num\"")
            }
            var added: Date?
            if let text = item["added"], text != .null {
                guard let string = text.string, let date = DateText.iso8601(string) else {
                    throw bad("entry \(index + 1) has an \"added\" that is not an ISO 8601 date")
                }
                added = date
            }
            if let existing = byNumber[num] {
                if let added, existing.addedAt.map({ added < $0 }) ?? true { byNumber[num]?.addedAt = added }
            } else {
                byNumber[num] = Entry(num: num, addedAt: added)
                order.append(num)
            }
        }
        return order.compactMap { byNumber[$0] }
    }
}
