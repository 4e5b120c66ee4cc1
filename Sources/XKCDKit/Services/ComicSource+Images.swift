#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stored image ready to use.
struct StoredImage: Sendable, Equatable {
    var num: Int
    /// The image file.
    var file: URL
    /// Its bytes.
    var data: Data
    /// Its format.
    var kind: ImageKind
    /// Whether it is the comic's `_2x` image.
    var doubled = false
}

/// The comics' images: stored once, the `_2x` where there is one, the cache kept within its cap.
extension ComicSource {
    /// `comic`'s image: from the image store, else downloaded once and stored (evicting the
    /// least recently used images beyond the cap, never a favorite's). With `highResolution`
    /// (terminals that draw pixels, and `save`), its `_2x` image is asked for first, replacing
    /// a stored 1x one; a comic without one (404) is remembered and gets its `img`. With
    /// `evenUnstored` (an image to show or save elsewhere), one the store cannot take (a full
    /// disk, a read-only directory) is still given, with a note that it was not saved.
    func image(of comic: Comic, highResolution: Bool = false, evenUnstored: Bool = false) async throws -> StoredImage {
        let keep = { (data: Data, kind: ImageKind, doubled: Bool, previous: ImageEntry?) throws -> StoredImage in
            do {
                return try self.keep(data, kind: kind, doubled: doubled, of: comic.num, replacing: previous)
            } catch let XKCDError.storage(reason) where evenUnstored {
                self.sayNotSaved(reason)
                let file = self.images.url(ImageFiles.fileName(num: comic.num, kind: kind))
                return StoredImage(num: comic.num, file: file, data: data, kind: kind, doubled: doubled)
            }
        }
        guard comic.hasImage else { throw XKCDError.noImage(comic.num) }
        let stored = try store.image(of: comic.num)
        let asksDoubled =
            try highResolution && !offline
            && !store.hasSingleResolutionOnly(comic.num, since: now().addingTimeInterval(-Self.singleResolutionMaxAge))
        if let entry = stored, let data = images.read(entry.file) {
            if asksDoubled && !entry.doubled, let doubled = try await upgrade(comic) {
                return try keep(doubled.data, doubled.kind, true, entry)
            }
            try remember { try store.touchImage(comic.num, at: now()) }
            return StoredImage(
                num: comic.num, file: images.url(entry.file), data: data, kind: entry.kind, doubled: entry.doubled)
        }
        if offline { throw XKCDError.imageNotStoredOffline(comic.num) }
        if asksDoubled, let doubled = try await doubledImage(of: comic) {
            return try keep(doubled.data, doubled.kind, true, stored)
        }
        guard let url = URL(string: comic.img) else {
            throw XKCDError.badData("the image address of #\(comic.num) is not a URL")
        }
        let (data, kind) = try await client.image(at: url, of: comic.num)
        return try keep(data, kind, false, stored)
    }

    // The `_2x` image in place of a stored 1x one, or nil: the stored image is shown however
    // the network fares, but a cancelled request cancels the command (the 1x stays as it was).
    private func upgrade(_ comic: Comic) async throws -> (data: Data, kind: ImageKind)? {
        let doubled: (data: Data, kind: ImageKind)?
        do {
            doubled = try await doubledImage(of: comic)
        } catch  where !error.isCancellation {
            return nil
        }
        // An answer that arrived as the command was cancelled is not kept either.
        if Task.isCancelled { throw XKCDError.cancelled }
        return doubled
    }

    /// How long a comic found without a `_2x` image is believed to have none.
    static let singleResolutionMaxAge: TimeInterval = 30 * 24 * 3600

    // The `_2x` image of `comic`, or nil: a 404 is remembered; any other failure falls back to
    // the 1x image this time.
    private func doubledImage(of comic: Comic) async throws -> (data: Data, kind: ImageKind)? {
        guard let url = DoubleImageAddress.of(comic.img) else { return nil }
        do {
            return try await client.image(at: url, of: comic.num)
        } catch XKCDError.httpStatus(404, _) {
            try store.markSingleResolutionOnly(comic.num, at: now())
            return nil
        } catch let error as XKCDError {
            // Unreachable: asking for the 1x would only wait as long again.
            if case .network = error { throw error }
            if case .cancelled = error { throw error }
            return nil
        }
    }

    // Stores `data` as comic `num`'s image in place of `previous`, within the cache's cap.
    private func keep(_ data: Data, kind: ImageKind, doubled: Bool, of num: Int, replacing previous: ImageEntry?)
        throws -> StoredImage
    {
        let fileName = ImageFiles.fileName(num: num, kind: kind)
        // The row first: a file in the directory always has one, so a `cache clear` in another
        // process never takes a file being stored here for one that a killed process left.
        guard
            try store.recordImage(num: num, file: fileName, bytes: data.count, kind: kind, doubled: doubled, at: now())
        else {
            // Not a storage fault: a sync goes on with the next picture.
            throw XKCDError.cannotDo(
                "#\(num) was removed from the store while its picture arrived ('cache clear' in another xkcd?) — "
                    + "run the command again")
        }
        do {
            try images.write(data, as: fileName)
        } catch {
            if let previous {
                _ = try? store.recordImage(
                    num: num, file: previous.file, bytes: previous.bytes, kind: previous.kind,
                    doubled: previous.doubled, at: now())
            } else {
                _ = try? store.removeImage(num)
            }
            throw error
        }
        if let previous, previous.file != fileName { images.remove(previous.file) }
        // Stored by now: a cap not kept this time (a full disk) is kept by the next image.
        try remember {
            for file in try store.evictImages(toFit: imageCacheLimit, keeping: num) { images.remove(file) }
        }
        return StoredImage(num: num, file: images.url(fileName), data: data, kind: kind, doubled: doubled)
    }

    /// Deletes comic `num`'s stored image (one that turned out unusable), so the next
    /// request fetches it again.
    func discardImage(of num: Int) throws {
        if let file = try store.removeImage(num) { images.remove(file) }
    }
}
