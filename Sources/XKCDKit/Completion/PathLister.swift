import Foundation

/// File names for Tab where a command takes a path (`save`, `fav import`) in the REPL: the
/// entries of the directory typed so far whose names start with what follows its last slash.
/// Directories end in `/`; hidden entries are offered only once a dot is typed.
public enum PathLister {
    /// The paths `typed` can become, each spelled from what was typed (a leading `~/` stays),
    /// sorted; `currentDirectory` anchors a relative path.
    public static func entries(
        completing typed: String, currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let expanded = (directoryPart as NSString).expandingTildeInPath
        let directory =
            directoryPart.isEmpty
            ? currentDirectory
            : expanded.hasPrefix("/") ? expanded : (currentDirectory as NSString).appendingPathComponent(expanded)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
            .map { name in
                var isDirectory: ObjCBool = false
                let path = (directory as NSString).appendingPathComponent(name)
                let isFolder =
                    FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                return directoryPart + name + (isFolder ? "/" : "")
            }
    }
}
