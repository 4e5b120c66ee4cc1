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

/// The REPL's command history: a plain-text file with one entry per line, oldest first,
/// deduplicated (re-entering a line moves it to the end), capped, written atomically with mode 0600.
/// Trailing whitespace is not kept, so "goto 353 " (as Tab completion leaves it) and "goto 353" are one entry.
///
/// libedit's own `H_SAVE` writes an escaped format and `H_SETUNIQUE` only drops consecutive
/// duplicates, so the file is ours and libedit only gets a mirror of `entries`.
package struct HistoryStore: Equatable, Sendable {
    /// How many entries are kept unless told otherwise.
    package static let defaultLimit = 1000

    /// The history file.
    package let fileURL: URL
    /// The most entries kept; the oldest are dropped first.
    package let limit: Int
    /// The entries, oldest first, without duplicates.
    package private(set) var entries: [String]

    /// Creates a store for `fileURL` holding `entries` (normalised: invalid lines dropped,
    /// deduplicated, capped); nothing is read yet.
    package init(fileURL: URL, limit: Int = HistoryStore.defaultLimit, entries: [String] = []) {
        self.fileURL = fileURL
        self.limit = max(0, limit)
        self.entries = Self.normalized(entries, limit: max(0, limit))
    }

    /// Whether `line` is worth remembering: not empty or blank, and free of control characters
    /// (newlines, tabs, escapes).
    package static func isRecordable(_ line: String) -> Bool {
        var sawVisible = false
        for scalar in line.unicodeScalars {
            if scalar.properties.generalCategory == .control { return false }
            if !scalar.properties.isWhitespace { sawVisible = true }
        }
        return sawVisible
    }

    /// Keeps the recordable lines, each only at its last occurrence, and at most the newest `limit` of them.
    package static func normalized(_ lines: [String], limit: Int) -> [String] {
        var seen = Set<String>()
        var kept: [String] = []
        for line in lines.reversed().lazy.map(withoutTrailingWhitespace) where kept.count < limit {
            if isRecordable(line), seen.insert(line).inserted {
                kept.append(line)
            }
        }
        return kept.reversed()
    }

    /// Adds `line` in memory only (no I/O): an equal entry moves to the end and the oldest entries go past `limit`.
    /// Returns false when the line is not recordable.
    @discardableResult
    package mutating func record(_ line: String) -> Bool {
        let line = Self.withoutTrailingWhitespace(line)
        guard limit > 0, Self.isRecordable(line) else { return false }
        if let existing = entries.firstIndex(of: line) {
            entries.remove(at: existing)
        }
        entries.append(line)
        if entries.count > limit {
            entries.removeFirst(entries.count - limit)
        }
        return true
    }

    /// Replaces `entries` with the file's contents; a missing file means no history.
    package mutating func load() throws(LineEditingError) {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            entries = []
            return
        } catch {
            throw .historyUnreadable(path: fileURL.path, reason: Self.reason(error))
        }
        entries = Self.normalized(Self.parse(data), limit: limit)
    }

    /// Records `line` and saves at once, first merging in what other sessions saved meanwhile.
    /// A line that is not recordable changes nothing and writes nothing.
    package mutating func append(_ line: String) throws(LineEditingError) {
        guard Self.isRecordable(line) else { return }
        var merged = self
        if (try? merged.load()) != nil {
            self = merged
        }
        guard record(line) else { return }
        try save()
    }

    /// Writes `entries` to the file atomically (a temporary file renamed over it), with mode 0600.
    package func save() throws(LineEditingError) {
        let path = fileURL.path
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .historyUnwritable(path: path, reason: Self.reason(error))
        }
        var contents = entries.joined(separator: "\n")
        if !entries.isEmpty { contents += "\n" }

        // mkstemp creates the file 0600, so the history is never readable by others, even briefly.
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .historyUnwritable(path: path, reason: Self.lastErrno()) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if fchmod(fd, 0o600) != 0 { failure = Self.lastErrno() }
        if failure == nil { failure = Self.writeAll(Array(contents.utf8), to: fd) }
        if close(fd) != 0, failure == nil { failure = Self.lastErrno() }
        if failure == nil, rename(temporaryPath, path) != 0 { failure = Self.lastErrno() }
        if let failure {
            unlink(temporaryPath)
            throw .historyUnwritable(path: path, reason: failure)
        }
    }

    private static func withoutTrailingWhitespace(_ line: String) -> String {
        var scalars = line.unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace, last.properties.generalCategory != .control {
            scalars.removeLast()
        }
        return String(scalars)
    }

    private static func parse(_ data: Data) -> [String] {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { bytes in
            var line = bytes[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return lastErrno()
            }
            offset += written
        }
        return nil
    }

    private static func lastErrno() -> String {
        String(cString: strerror(errno))
    }

    /// The system's words for why a file operation failed ("Permission denied"), else the error's own.
    private static func reason(_ error: any Error) -> String {
        if let posix = ((error as? CocoaError)?.underlying ?? error) as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
