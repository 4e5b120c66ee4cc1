/// An image format, recognised by its first bytes (never by what the server claims).
package enum ImageKind: String, Sendable, Equatable {
    /// PNG.
    case png
    /// JPEG.
    case jpeg
    /// GIF.
    case gif
    /// WebP.
    case webp

    /// The kind of `bytes`, or nil when they are not a known image.
    package static func detect(_ bytes: some Collection<UInt8>) -> ImageKind? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// The file name extension.
    package var fileExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }
}
