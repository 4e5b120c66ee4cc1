import CImageCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns PNG, JPEG and GIF files into RGBA pixels, through libpng, libjpeg and giflib.
package enum ImageDecoder {
    /// The largest image decoded, in pixels (200 MB of RGBA); larger ones are refused
    /// before any pixel memory is allocated.
    package static let maxPixels = 50_000_000

    private typealias CDecoder = (
        UnsafePointer<UInt8>?, Int, UInt64, UnsafeMutablePointer<image_codecs_raster>?,
        UnsafeMutablePointer<CChar>?, Int
    ) -> Int32

    /// The pixels of `data`, recognised by its first bytes; a GIF gives its first frame.
    /// Throws `XKCDError.badImage` for anything else, for corrupt, truncated or oversized
    /// images, and when the format's library is not installed.
    package static func decode(_ data: Data) throws -> RasterImage {
        guard !data.isEmpty else { throw XKCDError.badImage("the file is empty", corrupt: true) }
        let format: String
        let decoder: CDecoder
        switch ImageKind.detect(data) {
        case .png: (format, decoder) = ("PNG", image_codecs_decode_png)
        case .jpeg: (format, decoder) = ("JPEG", image_codecs_decode_jpeg)
        case .gif: (format, decoder) = ("GIF", image_codecs_decode_gif)
        case .webp: throw XKCDError.badImage("it is WebP, and only PNG, JPEG and GIF are shown", corrupt: false)
        case nil: throw XKCDError.badImage("it is not a PNG, JPEG or GIF image", corrupt: true)
        }
        var raster = image_codecs_raster()
        try ImageCodecCall.decode(format: format).run { reason, reasonSize in
            data.withUnsafeBytes { bytes in
                decoder(
                    bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(maxPixels),
                    &raster, reason, reasonSize)
            }
        }
        defer { image_codecs_free(raster.pixels) }
        let width = Int(raster.width)
        let height = Int(raster.height)
        let pixels = Array(UnsafeBufferPointer(start: raster.pixels, count: width * height * 4))
        return RasterImage(width: width, height: height, pixels: pixels)
    }
}
