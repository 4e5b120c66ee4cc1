import Foundation

/// A file in the repository that a test compares text with: a snapshot (`Tests/Snapshots/`) or
/// a generated file that is checked in (`completions/`, `xkcd.1`). With `XKCD_UPDATE_SNAPSHOTS=1`
/// in the environment a comparison writes the text first, so a deliberate change is one run.
package struct CheckedInFile: Sendable {
    /// Where it is.
    package let url: URL

    /// The file at `path` relative to the package root (the directory holding Package.swift
    /// above `file`).
    package init(_ path: String, file: StaticString = #filePath) {
        url = Self.packageRoot(from: file).appendingPathComponent(path)
    }

    /// The package root above `file`.
    package static func packageRoot(from file: StaticString = #filePath) -> URL {
        let path = file.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The file's text, nil when it cannot be read.
    package var text: String? {
        try? String(contentsOf: url, encoding: .utf8)
    }

    /// Whether the file holds exactly `text` (after writing it, when updating).
    package func matches(_ text: String) -> Bool {
        if ProcessInfo.processInfo.environment["XKCD_UPDATE_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
        return self.text == text
    }
}
