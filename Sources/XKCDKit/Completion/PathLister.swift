#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// File names for Tab where a command takes a path (`save`, `fav import`) in the REPL: the
/// entries of the directory typed so far whose names start with what follows its last slash.
/// Directories end in `/`; hidden entries are offered only once a dot is typed.
package enum PathLister {
    /// The paths `typed` can become, each spelled from what was typed (a leading `~/` stays),
    /// sorted; `currentDirectory` anchors a relative path.
    package static func entries(
        completing typed: String, currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let expanded = LocalPath.expandingTilde(directoryPart)
        let directory =
            directoryPart.isEmpty
            ? currentDirectory
            : expanded.hasPrefix("/") ? expanded : LocalPath.joined(currentDirectory, expanded)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
            .map { name in
                directoryPart + name + (LocalPath.isDirectory(LocalPath.joined(directory, name)) ? "/" : "")
            }
    }
}
