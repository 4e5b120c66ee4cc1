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

/// Writes an image where the user asked: a file, or `<num>-<title>.<ext>` inside a
/// directory. The generated name is built from letters and digits only, so server text
/// can never lead it out of the directory; an existing file is kept unless forced.
enum ImageSaver {
    /// `<num>-<safe-title>.<ext>`, e.g. `353-python.png`.
    static func defaultName(num: Int, title: String, kind: ImageKind) -> String {
        var slug = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug.append("-")
            }
            if slug.count >= 60 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return "\(num)-\(slug.isEmpty ? "comic" : slug).\(kind.fileExtension)"
    }

    /// Where `path` (nil: the current directory) puts the image.
    static func destination(path: String?, defaultName: String, currentDirectory: URL) -> URL {
        guard let path, !path.isEmpty else { return currentDirectory.appendingPathComponent(defaultName) }
        let url = LocalPath.url(of: path, from: currentDirectory)
        if path.hasSuffix("/") || LocalPath.isDirectory(url.path) {
            return url.appendingPathComponent(defaultName)
        }
        return url
    }

    /// Writes `data` to `destination` through a temporary file in the same directory:
    /// linked into place (failing if something is there) or, with `force`, renamed over it.
    static func write(_ data: Data, to destination: URL, force: Bool) throws {
        let directory = destination.deletingLastPathComponent()
        let shown = TerminalSanitizer.path(destination.path)
        guard LocalPath.isDirectory(directory.path) else {
            throw XKCDError.file("no such directory: \(TerminalSanitizer.path(directory.path))")
        }
        let temporary = directory.appendingPathComponent(".xkcd-save-\(UUID().uuidString)")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o644])
        else {
            throw XKCDError.file("cannot write in \(TerminalSanitizer.path(directory.path))")
        }
        defer { unlink(temporary.path) }
        if force {
            guard rename(temporary.path, destination.path) == 0 else {
                throw XKCDError.file("cannot write \(shown): \(String(cString: strerror(errno)))")
            }
        } else if link(temporary.path, destination.path) != 0 {
            if errno == EEXIST {
                throw XKCDError.file("\(shown) already exists — add --force to overwrite it")
            }
            throw XKCDError.file("cannot write \(shown): \(String(cString: strerror(errno)))")
        }
    }
}
