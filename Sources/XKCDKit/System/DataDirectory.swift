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

/// Where the data directory is: `--data-dir`, `XKCD_DATA_DIR`, `$XDG_DATA_HOME/xkcd`,
/// `~/.local/share/xkcd`, or on macOS `~/Library/Application Support/xkcd`.
package enum DataDirectory {
    /// Where it is when nothing names it, as help says.
    static let described =
        "$XDG_DATA_HOME/xkcd or ~/.local/share/xkcd; on macOS ~/Library/Application Support/xkcd"

    /// The data directory for the given flag value and environment.
    static func resolve(explicit: String?, environment: Environment) -> URL {
        if let explicit { return URL(fileURLWithPath: LocalPath.expandingTilde(explicit, environment: environment)) }
        let home = LocalPath.homeDirectory(environment)
        #if os(macOS)
            return URL(fileURLWithPath: home).appendingPathComponent("Library/Application Support/xkcd")
        #else
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg).appendingPathComponent("xkcd")
            }
            return URL(fileURLWithPath: home).appendingPathComponent(".local/share/xkcd")
        #endif
    }

    /// Creates the directory (mode 0700) if it does not exist; fails when it cannot be
    /// created. For one that exists but cannot be written to, the error every write there
    /// meets: what it holds can still be read.
    package static func prepare(_ url: URL) throws -> XKCDError? {
        let shown = TerminalSanitizer.path(url.path)
        if LocalPath.exists(url.path) {
            guard LocalPath.isDirectory(url.path) else { throw XKCDError.storage("\(shown) is not a directory") }
            guard access(url.path, W_OK | X_OK) == 0 else {
                return XKCDError.storage(
                    "the data directory \(shown) is read-only — fix its permissions or choose another with "
                        + "--data-dir"
                )
            }
            return nil
        }
        if let (link, problem) = brokenLink(on: url) {
            let subject =
                link == url.path
                ? "the data directory \(shown)"
                : "cannot create the data directory \(shown): \(TerminalSanitizer.path(link))"
            throw XKCDError.storage("\(subject) \(problem) — fix the link or choose another with --data-dir")
        }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw XKCDError.storage(
                "cannot create the data directory \(shown)\(obstacle(to: url)) — choose another with --data-dir")
        }
        return nil
    }

    // The link on the way to `url` (itself or a folder above it) that leads nowhere, and why:
    // where it points does not exist, or it loops.
    static func brokenLink(on url: URL) -> (path: String, problem: String)? {
        var path = url
        while path.path != "/" {
            var info = stat()
            if lstat(path.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, stat(path.path, &info) != 0 {
                let loops = errno == ELOOP
                let target = TerminalSanitizer.path(
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: path.path)) ?? "?")
                return (
                    path.path,
                    loops ? "is a link that loops (to \(target))" : "is a link to \(target), which does not exist"
                )
            }
            path.deleteLastPathComponent()
        }
        return nil
    }

    // Why `url` cannot be created: the nearest existing ancestor is a file or not writable.
    private static func obstacle(to url: URL) -> String {
        var parent = url.deletingLastPathComponent()
        while parent.path != "/" {
            if LocalPath.exists(parent.path) {
                let shown = TerminalSanitizer.path(parent.path)
                return LocalPath.isDirectory(parent.path)
                    ? ": \(shown) is not writable" : ": \(shown) is a file, not a directory"
            }
            parent = parent.deletingLastPathComponent()
        }
        return ""
    }
}
