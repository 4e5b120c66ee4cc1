#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Comic images: stored once fetched, and saved where the user asks.
package struct ImagesService: Sendable {
    /// `comic`'s image, from the image files or downloaded once and stored; with
    /// `highResolution`, its `_2x` image where there is one.
    package var image: @Sendable (_ comic: Comic, _ highResolution: Bool) async throws -> StoredImage
    /// Deletes comic `num`'s stored image, so the next request fetches it again.
    package var discard: @Sendable (_ num: Int) throws -> Void
    /// Writes `data` to `path` (nil: the current directory; a directory: `defaultName` in it),
    /// refusing to replace a file unless `force`; returns where it went.
    package var save: @Sendable (_ data: Data, _ defaultName: String, _ path: String?, _ force: Bool) throws -> URL
}

extension ImagesService {
    /// The images of `repository`, saved relative to `currentDirectory`.
    package static func live(_ repository: ComicRepository, currentDirectory: URL) -> ImagesService {
        ImagesService(
            image: { try await repository.image(of: $0, highResolution: $1) },
            discard: { try repository.discardImage(of: $0) },
            save: { data, name, path, force in
                let destination = ImageSaver.destination(
                    path: path, defaultName: name,
                    currentDirectory: currentDirectory)
                try ImageSaver.write(data, to: destination, force: force)
                return destination
            })
    }
}
