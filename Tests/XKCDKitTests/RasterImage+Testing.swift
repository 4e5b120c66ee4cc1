@testable import XKCDKit

/// Opaque test images from known colours.
extension RasterImage {
    typealias RGB = (UInt8, UInt8, UInt8)

    static let white: RGB = (255, 255, 255)
    static let black: RGB = (0, 0, 0)
    static let red: RGB = (255, 0, 0)
    static let green: RGB = (0, 255, 0)
    static let blue: RGB = (0, 0, 255)

    /// An opaque image from rows of colours (all rows the same length).
    init(rows: [[RGB]]) {
        self.init(
            width: rows[0].count, height: rows.count,
            pixels: rows.flatMap { $0.flatMap { [$0.0, $0.1, $0.2, 255] } })
    }

    /// An opaque image of one colour.
    static func filled(width: Int, height: Int, _ colour: RGB) -> RasterImage {
        RasterImage(
            width: width, height: height,
            pixels: Array((0..<width * height).map { _ in [colour.0, colour.1, colour.2, 255] }.joined()))
    }

    /// An opaque image whose colour comes from its position.
    static func drawn(width: Int, height: Int, _ colour: (Int, Int) -> RGB) -> RasterImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                pixels += [c.0, c.1, c.2, 255]
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }
}
