import CImageCodecs

/// One call into the C codecs (CImageCodecs): it gets a buffer for its reason, and a failure
/// becomes a one-line `badImage` (or `imageLibraryMissing`) message.
enum ImageCodecCall {
    /// Decoding a file of this format ("PNG", "JPEG", "GIF").
    case decode(format: String)
    /// Encoding pixels as PNG.
    case encodePNG

    /// Runs `body` with a reason buffer and its size; throws when it returns a failure status.
    func run(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
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
