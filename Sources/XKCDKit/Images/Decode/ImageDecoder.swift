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
    static let maxPixels = 50_000_000

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

/// A decoded image: 8-bit RGBA pixels (not premultiplied), row by row from the top left.
package struct RasterImage: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    package let pixels: [UInt8]

    /// An image of `width` x `height` pixels; `pixels` must hold `width * height * 4` bytes.
    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width > 0 && height > 0 && pixels.count == width * height * 4, "RGBA buffer does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Writes pixels as a PNG file, through libpng: what terminals that take only PNG are sent
/// when a comic is a JPEG or a GIF.
enum PNGEncoder {
    /// The PNG file (8-bit RGBA) holding `image`.
    static func encode(_ image: RasterImage) throws -> Data {
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

/// One call into the C codecs (CImageCodecs): it gets a buffer for its reason, and a failure
/// becomes a one-line `badImage` (or `imageLibraryMissing`) message.
enum ImageCodecCall {
    /// Decoding a file of this format ("PNG", "JPEG", "GIF").
    case decode(format: String)
    /// Encoding pixels as PNG.
    case encodePNG

    /// Runs `body` with a reason buffer and its size; throws when it returns a failure status.
    package func run(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        var buffer = [CChar](repeating: 0, count: 256)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard status != Int32(IMAGE_CODECS_OK.rawValue) else { return }
        let reason = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let text = message(status: status, reason: reason.isEmpty ? "no reason given" : reason)
        // A missing library says nothing about the image: it must not be treated as bad.
        if UInt32(bitPattern: status) == IMAGE_CODECS_NO_LIBRARY.rawValue { throw XKCDError.imageLibraryMissing(text) }
        let corrupt = ![
            IMAGE_CODECS_TOO_LARGE.rawValue, IMAGE_CODECS_UNSUPPORTED.rawValue, IMAGE_CODECS_NO_MEMORY.rawValue,
        ]
        .contains(UInt32(bitPattern: status))
        throw XKCDError.badImage(text, corrupt: corrupt)
    }

    private func message(status: Int32, reason: String) -> String {
        guard case let .decode(format) = self else { return "cannot encode the image as PNG: \(reason)" }
        switch UInt32(bitPattern: status) {
        case IMAGE_CODECS_NO_LIBRARY.rawValue:
            return "cannot decode \(format): \(reason)"
        case IMAGE_CODECS_TOO_LARGE.rawValue:
            return "it is too large (\(format): \(reason); the most is "
                + "\(ImageDecoder.maxPixels) pixels and \(IMAGE_CODECS_MAX_SIDE) a side)"
        case IMAGE_CODECS_UNSUPPORTED.rawValue:
            return "it is a kind of \(format) that cannot be shown (\(reason))"
        case IMAGE_CODECS_NO_MEMORY.rawValue:
            return "not enough memory to decode it (\(format): \(reason))"
        default:
            return "it is truncated or corrupt (\(format): \(reason))"
        }
    }
}
