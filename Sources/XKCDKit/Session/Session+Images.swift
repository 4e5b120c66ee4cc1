#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {
    /// The image of the comic `reference` names (or the current one), decoded for drawing.
    /// A stored image that does not decode is deleted, so the next request fetches it anew.
    func image(_ reference: ComicReference?, _ options: ImageOptions, _ withCard: Bool) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        let image = try await images.image(comic, options.highResolution)
        let raster: RasterImage
        do {
            raster = try ImageDecoder.decode(image.data)
        } catch let XKCDError.badImage(reason, corrupt) {
            // Offline, even a damaged copy is kept: it cannot be replaced now.
            if corrupt, !comics.offline { try? images.discard(comic.num) }
            throw XKCDError.badImage("cannot show the image of #\(comic.num): \(reason)", corrupt: corrupt)
        }
        try? reading.markSeen(comic.num, now())
        return .image(
            ComicImage(
                comic: DisplayComic(comic), data: image.data, kind: image.kind, raster: raster,
                options: options, withCard: withCard, doubled: image.doubled))
    }

    /// Writes the image of the comic `reference` names (or the current one) to `path`.
    func saveImage(_ reference: ComicReference?, to path: String?, force: Bool) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        // A saved image is the best there is.
        let image = try await images.image(comic, true)
        let name = ImageSaver.defaultName(num: comic.num, title: DisplayComic(comic).title, kind: image.kind)
        let destination = try images.save(image.data, name, path, force)
        return .saved(path: destination.path, bytes: image.data.count)
    }
}
