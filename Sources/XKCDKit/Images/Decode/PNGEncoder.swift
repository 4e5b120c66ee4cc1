import CImageCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes pixels as a PNG file, through libpng: what terminals that take only PNG are sent
/// when a comic is a JPEG or a GIF.
package enum PNGEncoder {
    /// The PNG file (8-bit RGBA) holding `image`.
    package static func encode(_ image: RasterImage) throws -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        // Clamping is safe: the C side refuses sizes beyond 2^30 pixels before reading.
        let width = UInt32(clamping: image.width)
        let height = UInt32(clamping: image.height)
        try ImageCodecCall.encodePNG.run { reason, reasonSize in
            image.pixels.withUnsafeBufferPointer {
                image_codecs_encode_png($0.baseAddress, width, height, &bytes, &count, reason, reasonSize)
            }
        }
        defer { image_codecs_free(bytes) }
        return Data(bytes: bytes!, count: count)
    }
}
