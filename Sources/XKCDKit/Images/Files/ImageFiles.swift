#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The image files under the data directory, one per comic, each written atomically.
package struct ImageFiles: Sendable {
    /// The directory holding them.
    let directory: URL

    /// Files under `directory` (created on first write).
    package init(directory: URL) {
        self.directory = directory
    }

    /// The file name for comic `num` of `kind`.
    static func fileName(num: Int, kind: ImageKind) -> String {
        "\(num).\(kind.fileExtension)"
    }

    /// Whether `name` is one ``fileName(num:kind:)`` gives: a file the program may have written.
    static func isComicFileName(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: "."), let num = Int(name[..<dot]), num > 0, String(num) == name[..<dot]
        else { return false }
        return ImageKind.allCases.contains { fileName(num: num, kind: $0) == name }
    }

    /// The full path of `fileName`.
    func url(_ fileName: String) -> URL {
        directory.appendingPathComponent(fileName)
    }

    /// Writes `data` as `fileName`: a temporary file renamed into place, so a reader never
    /// sees half an image.
    func write(_ data: Data, as fileName: String) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try data.write(to: url(fileName), options: .atomic)
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            throw XKCDError.storage(
                "the disk holding \(TerminalSanitizer.path(directory.path)) is full — free some space and try again; nothing stored was lost"
            )
        } catch let error as CocoaError
            where error.code == .fileWriteVolumeReadOnly || error.code == .fileWriteNoPermission
        {
            throw XKCDError.storage(
                "cannot write to \(TerminalSanitizer.path(directory.path)) — it is read-only; fix its permissions or choose another data "
                    + "directory with --data-dir"
            )
        } catch {
            if let obstacle = obstacle() {
                throw XKCDError.storage(
                    "cannot store images in \(TerminalSanitizer.path(directory.path)): \(obstacle) — move it away or "
                        + "choose another data directory with --data-dir")
            }
            throw XKCDError.storage(
                "cannot write \(TerminalSanitizer.path(url(fileName).path)): \(XKCDError.message(for: error))")
        }
    }

    // What stands where the directory should be: a file, or a link leading nowhere.
    private func obstacle() -> String? {
        if let (link, problem) = DataDirectory.brokenLink(on: directory) {
            return link == directory.path ? "it \(problem)" : "\(TerminalSanitizer.path(link)) \(problem)"
        }
        return LocalPath.exists(directory.path) && !LocalPath.isDirectory(directory.path)
            ? "it is a file, not a directory" : nil
    }

    /// The bytes of `fileName`, or nil when the file is gone.
    func read(_ fileName: String) -> Data? {
        try? Data(contentsOf: url(fileName))
    }

    /// Whether `fileName` exists.
    func exists(_ fileName: String) -> Bool {
        FileManager.default.fileExists(atPath: url(fileName).path)
    }

    /// Deletes `fileName` if it exists.
    func remove(_ fileName: String) {
        try? FileManager.default.removeItem(at: url(fileName))
    }

    /// The regular files in the directory, by name (none when it does not exist).
    func listing() -> [String: FileFacts] {
        LeftoverFiles.regularFiles(in: directory)
    }
}

/// Where xkcd keeps a comic's double-resolution image: at its `img` address with `_2x` before
/// the extension (`python.png` → `python_2x.png`). The JSON never names it; most comics from
/// about #1084 on have one.
enum DoubleImageAddress {
    /// The `_2x` address of the image at `img`; nil when its file name has no extension.
    static func of(_ img: String) -> URL? {
        guard var components = URLComponents(string: img), let slash = components.path.lastIndex(of: "/") else {
            return nil
        }
        let name = components.path[components.path.index(after: slash)...]
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        components.path = String(components.path[..<dot]) + "_2x" + String(components.path[dot...])
        return components.url
    }
}

/// An image format, recognised by its first bytes (never by what the server claims).
package enum ImageKind: String, Sendable, Equatable, CaseIterable {
    /// PNG.
    case png
    /// JPEG.
    case jpeg
    /// GIF.
    case gif
    /// WebP.
    case webp

    /// The kind of `bytes`, or nil when they are not a known image.
    static func detect(_ bytes: some Collection<UInt8>) -> ImageKind? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// The file name extension.
    var fileExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }
}
