#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A comic's image, decoded, for the renderer to draw.
public struct ComicImage: Sendable, Equatable {
    /// The comic.
    public var comic: DisplayComic
    /// The image file's bytes (sent as they are to terminals that decode images themselves).
    public var data: Data
    /// Their format.
    public var kind: ImageKind
    /// The decoded pixels.
    public var raster: RasterImage
    /// How to draw it.
    public var options: ImageOptions
    /// Whether the card comes first (`show --image`).
    public var withCard: Bool
    /// Whether the file is the comic's `_2x` image: twice its size each way, drawn at the size
    /// of its 1x (see ``ImageFit``).
    public var doubled: Bool

    /// Creates an image outcome.
    public init(
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
