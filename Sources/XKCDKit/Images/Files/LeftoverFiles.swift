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

/// Files a killed process leaves behind: image files that no row names (a `cache clear` or an
/// eviction cut short between deleting the rows and deleting the files) and the temporary
/// files of writers that died before renaming them into place.
enum LeftoverFiles {
    /// Foundation's atomic writes (the images') go through `.dat.nosync` + the writer's pid in
    /// upper-case hex + `.` + six random characters, beside the file they replace.
    private static let foundationPrefix = ".dat.nosync"

    /// The process writing the temporary file `name`, when `name` is one: Foundation's, or the
    /// settings file's own (`.config.toml.PID.tmp` beside `config.toml`, for `settingsName`).
    static func writer(ofTemporary name: String, settingsName: String? = nil) -> Int32? {
        if name.hasPrefix(foundationPrefix) {
            let rest = name.dropFirst(foundationPrefix.count)
            guard let dot = rest.firstIndex(of: "."), rest.distance(from: dot, to: rest.endIndex) == 7 else {
                return nil
            }
            return Int32(rest[..<dot], radix: 16).flatMap { $0 > 0 ? $0 : nil }
        }
        guard let settingsName, name.hasPrefix(".\(settingsName)."), name.hasSuffix(".tmp") else { return nil }
        let pid = name.dropFirst(settingsName.count + 2).dropLast(4)
        return Int32(pid).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Which of `entries` (the names in the image directory) to delete: the image files no row
    /// names (`named`) and the temporary files no writer is writing (`isWriting(name, pid)`).
    /// Any file of a name the program does not give (a hidden one, a photo the user put there)
    /// is not the program's and stays.
    static func inImageDirectory(
        _ entries: [String], named: Set<String>, isWriting: (String, Int32) -> Bool
    ) -> [String] {
        entries.filter { name in
            if let writer = writer(ofTemporary: name) { return !isWriting(name, writer) }
            return ImageFiles.isComicFileName(name) && !named.contains(name)
        }
    }

    /// Which of `entries` (the names beside the settings file `settingsName`) to delete: the
    /// temporary files no writer is writing (`isWriting(name, pid)`).
    static func besideSettings(
        _ entries: [String], settingsName: String, isWriting: (String, Int32) -> Bool
    ) -> [String] {
        entries.filter { name in
            writer(ofTemporary: name, settingsName: settingsName).map { !isWriting(name, $0) } ?? false
        }
    }

    /// Whether a temporary file last changed at `modified` may still be being written by process
    /// `pid`: it is running (this one included), and the file is less than an hour old, as a
    /// pid reused after a restart (a container's first process) is not the same writer.
    static func isWriting(_ pid: Int32, modified: Date, now: Date) -> Bool {
        guard now.timeIntervalSince(modified) < 3600 else { return false }
        return pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// The regular files in `directory` whose names pass `included` (none when it does not exist).
    static func regularFiles(in directory: URL, where included: (String) -> Bool = { _ in true }) -> [String: FileFacts]
    {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var files: [String: FileFacts] = [:]
        for name in names where included(name) {
            var info = stat()
            guard lstat(directory.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG
            else { continue }
            files[name] = FileFacts(
                bytes: Int(info.st_size), modified: Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)))
        }
        return files
    }
}

/// A file's size and when it last changed.
struct FileFacts: Sendable, Equatable {
    var bytes: Int
    var modified: Date
}

/// Files removed because a killed process left them behind.
struct ReclaimedFiles: Sendable, Equatable {
    /// How many.
    var count = 0
    /// Their total size.
    var bytes = 0

    init(count: Int = 0, bytes: Int = 0) {
        self.count = count
        self.bytes = bytes
    }

    /// "3 files an interrupted clear or download left behind (52 MB)".
    var text: String {
        "\(count) \(count == 1 ? "file" : "files") an interrupted clear or download left behind "
            + "(\(ByteCount.format(bytes)))"
    }
}
