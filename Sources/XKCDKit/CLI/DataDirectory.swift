import Foundation

/// Where the data directory is: `--data-dir`, `XKCD_DATA_DIR`, `$XDG_DATA_HOME/xkcd`,
/// `~/.local/share/xkcd`, or on macOS `~/Library/Application Support/xkcd`.
public enum DataDirectory {
    /// The data directory for the given flag value and environment.
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit { return URL(fileURLWithPath: expandTilde(explicit, environment: environment)) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
        return URL(fileURLWithPath: home).appendingPathComponent("Library/Application Support/xkcd")
        #else
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("xkcd")
        }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/xkcd")
        #endif
    }

    /// Creates the directory (mode 0700) if it does not exist.
    public static func prepare(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw XKCDError.storage("\(url.path) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw XKCDError.storage("cannot create the data directory \(url.path)")
        }
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
