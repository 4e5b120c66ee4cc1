#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A comic's image, decoded, for the renderer to draw.
package struct ComicImage: Sendable, Equatable {
    /// The comic.
    package var comic: DisplayComic
    /// The image file's bytes (sent as they are to terminals that decode images themselves).
    package var data: Data
    /// Their format.
    package var kind: ImageKind
    /// The decoded pixels.
    package var raster: RasterImage
    /// How to draw it.
    package var options: ImageOptions
    /// Whether the card comes first (`show --image`).
    package var withCard: Bool
    /// Whether the file is the comic's `_2x` image: twice its size each way, drawn at the size
    /// of its 1x (see ``ImageFit``).
    package var doubled: Bool

    /// Creates an image outcome.
    package init(
        comic: DisplayComic, data: Data, kind: ImageKind, raster: RasterImage, options: ImageOptions, withCard: Bool,
        doubled: Bool = false
    ) {
        self.comic = comic
        self.data = data
        self.kind = kind
        self.raster = raster
        self.options = options
        self.withCard = withCard
        self.doubled = doubled
    }
}
