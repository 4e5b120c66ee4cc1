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

/// Paths as the user types them, spelled out without `NSString`: a leading `~` expanded,
/// names joined, and whether a path is a directory.
enum LocalPath {
    /// `path` with a leading `~` replaced by `HOME` (the password database's home where `HOME`
    /// is unset or empty) and `~user` by that user's home; one trailing slash goes with the
    /// expansion, and an unknown user leaves the path as it is. Every path a user gives is
    /// expanded here, so `~` means the same everywhere.
    static func expandingTilde(_ path: String, environment: Environment = .process) -> String {
        guard path.hasPrefix("~") else { return path }
        let nameEnd = path.firstIndex(of: "/") ?? path.endIndex
        let name = path[path.index(after: path.startIndex)..<nameEnd]
        guard let home = name.isEmpty ? homeDirectory(environment) : homeDirectory(ofUser: String(name)) else {
            return path
        }
        var expanded = home + path[nameEnd...]
        if expanded.count > 1, expanded.hasSuffix("/") { expanded.removeLast() }
        return expanded
    }

    /// The file a path the user typed names: `~` expanded, a relative path taken from
    /// `currentDirectory`.
    static func url(
        of path: String, from currentDirectory: URL, environment: Environment = .process
    ) -> URL {
        let expanded = expandingTilde(path, environment: environment)
        return expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded) : currentDirectory.appendingPathComponent(expanded)
    }

    /// The user's home: `HOME`, or where it is unset or empty, the password database's.
    static func homeDirectory(_ environment: Environment = .process) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The home directory of `user`; nil when there is no such user.
    static func homeDirectory(ofUser user: String) -> String? {
        FileManager.default.homeDirectory(forUser: user)?.path
    }

    /// `name` inside `directory`, with one slash between them.
    static func joined(_ directory: String, _ name: String) -> String {
        directory.isEmpty || directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Whether `path` names a directory, or a symbolic link to one.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything (a file, a directory, a link to one) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
