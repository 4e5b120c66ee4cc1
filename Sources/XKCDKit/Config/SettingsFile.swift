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

/// Writes one setting into the settings file, keeping its other lines, comments and order.
enum SettingsFile {
    /// Sets `spec`'s key to `text` in the file at `url`, creating it (and its directory) when
    /// there is none; the file is replaced whole, never left half-written. Processes saving at
    /// once take turns, each reading the file its predecessor wrote, so none loses another's.
    /// Returns the line the setting is on now.
    @discardableResult
    static func write(_ spec: SettingSpec, _ text: String, to url: URL) throws -> Int {
        // A link (a dotfile manager's) is written through, to the file it names.
        let target =
            realpath(url.path, nil).map { resolved in
                defer { free(resolved) }
                return URL(fileURLWithPath: String(cString: resolved))
            } ?? url
        let shown = TerminalSanitizer.path(target.path)
        var link = stat()
        if target == url, lstat(url.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            throw XKCDError.file("cannot save to \(shown): it is a link to a file that is not there")
        }
        let directory = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw XKCDError.file("cannot save to \(shown): \(XKCDError.message(for: error))")
        }
        let lock: FileLock
        do {
            lock = try FileLock(waitingFor: target.path + ".lock")
        } catch {
            let what = error.making ? "cannot make its lock file" : "cannot lock it"
            throw XKCDError.file("cannot save to \(shown): \(what) (\(SettingsFile.reason(error.code)))")
        }
        defer { withExtendedLifetime(lock) {} }
        var existing = ""
        var mode: mode_t = 0o644
        var info = stat()
        if stat(target.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw XKCDError.file("cannot save to \(shown): it is not a regular file")
            }
            guard access(target.path, W_OK) == 0 else {
                throw XKCDError.file("cannot save to \(shown): it is read-only")
            }
            guard let data = try? Data(contentsOf: target) else {
                throw XKCDError.file("cannot save to \(shown): it cannot be read")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw XKCDError.file("cannot save to \(shown): it is not UTF-8 text, as TOML must be")
            }
            existing = text
            mode = info.st_mode & 0o7777
        }
        let updated = TOMLDocument.setting(spec.name, to: spec.tomlValue(text), in: existing)
        // Written beside it and renamed over it: the file is never half-written.
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        if let failure = NewFile.create(Array(updated.utf8), to: temporary.path, mode: mode)
            ?? (rename(temporary.path, target.path) == 0 ? nil : errno)
        {
            unlink(temporary.path)
            throw XKCDError.file("cannot save to \(shown): \(reason(failure)) — the file is unchanged")
        }
        return TOMLDocument.parse(updated).entries.first { $0.key == spec.name }?.line ?? 1
    }

    /// The system's words for `code`, lower-case to stand in a sentence: `no space left on device`.
    static func reason(_ code: Int32) -> String {
        let words = String(cString: strerror(code))
        return words.prefix(1).lowercased() + words.dropFirst()
    }
}

/// A file written whole before anything else sees it.
private enum NewFile {
    /// Creates `path` afresh (replacing one a killed save left) holding `bytes`, with `mode`,
    /// flushed to the disk; returns the errno of what failed.
    static func create(_ bytes: [UInt8], to path: String, mode: mode_t) -> Int32? {
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return errno }
        var failure: Int32? = fchmod(descriptor, mode) == 0 ? nil : errno
        var written = 0
        while failure == nil, written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else if count == 0 || errno != EINTR {
                failure = count == 0 ? ENOSPC : errno
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        return failure
    }
}
