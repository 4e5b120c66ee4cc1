#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The image files under the data directory, one per comic, each written atomically.
package struct ImageFiles: Sendable {
    /// The directory holding them.
    package let directory: URL

    /// Files under `directory` (created on first write).
    package init(directory: URL) {
        self.directory = directory
    }

    /// The file name for comic `num` of `kind`.
    package static func fileName(num: Int, kind: ImageKind) -> String {
        "\(num).\(kind.fileExtension)"
    }

    /// The full path of `fileName`.
    package func url(_ fileName: String) -> URL {
        directory.appendingPathComponent(fileName)
    }

    /// Writes `data` as `fileName`: a temporary file renamed into place, so a reader never
    /// sees half an image.
    package func write(_ data: Data, as fileName: String) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try data.write(to: url(fileName), options: .atomic)
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            throw XKCDError.storage(
                "the disk holding \(directory.path) is full — free some space and try again; nothing stored was lost")
        } catch let error as CocoaError
            where error.code == .fileWriteVolumeReadOnly || error.code == .fileWriteNoPermission
        {
            throw XKCDError.storage(
                "cannot write to \(directory.path) — it is read-only; fix its permissions or choose another data "
                    + "directory with --data-dir"
            )
        } catch {
            throw XKCDError.storage("cannot write \(url(fileName).path): \(XKCDError.message(for: error))")
        }
    }

    /// The bytes of `fileName`, or nil when the file is gone.
    package func read(_ fileName: String) -> Data? {
        try? Data(contentsOf: url(fileName))
    }

    /// Whether `fileName` exists.
    package func exists(_ fileName: String) -> Bool {
        FileManager.default.fileExists(atPath: url(fileName).path)
    }

    /// Deletes `fileName` if it exists.
    package func remove(_ fileName: String) {
        try? FileManager.default.removeItem(at: url(fileName))
    }
}
