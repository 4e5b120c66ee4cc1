/// A decoded image: 8-bit RGBA pixels (not premultiplied), row by row from the top left.
package struct RasterImage: Sendable, Equatable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    package let pixels: [UInt8]

    /// An image of `width` x `height` pixels; `pixels` must hold `width * height * 4` bytes.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width > 0 && height > 0 && pixels.count == width * height * 4, "RGBA buffer does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
