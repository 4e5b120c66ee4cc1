/// Draws an image with plain characters for terminals that take no escapes.
package enum AsciiShading {
    /// The characters from lightest to darkest: xkcd is dark lines on white, so white is blank.
    static let ramp = Array(" .:-=+*#%@".utf8)

    // Darkness to a ramp step on a square-root curve: a comic's thin lines, averaged with the
    // white around them when scaled down, still come out as strokes rather than dots.
    static let steps: [UInt8] = (0...255).map { light in
        let darkness = Double(255 - light) / 255
        return UInt8((darkness.squareRoot() * Double(ramp.count - 1)).rounded())
    }

    /// One line for every two pixel rows of `image`, already scaled to (columns, rows x 2)
    /// and flattened (alpha is ignored): one character a cell, shaded by the average
    /// lightness of its two pixels (one for an odd last row), darkened on a curve. No escapes.
    package static func lines(_ image: RasterImage) -> [String] {
        let width = image.width
        let height = image.height
        var lines: [String] = []
        lines.reserveCapacity((height + 1) / 2)
        var line = [UInt8](repeating: 0, count: width)
        image.pixels.withUnsafeBufferPointer { px in
            func lightness(_ x: Int, _ y: Int) -> Int {
                let i = (y * width + x) * 4
                return (299 * Int(px[i]) + 587 * Int(px[i + 1]) + 114 * Int(px[i + 2]) + 500) / 1000
            }
            for y in stride(from: 0, to: height, by: 2) {
                for x in 0..<width {
                    let light = y + 1 < height ? (lightness(x, y) + lightness(x, y + 1) + 1) / 2 : lightness(x, y)
                    line[x] = ramp[Int(steps[light])]
                }
                lines.append(String(decoding: line, as: UTF8.self))
            }
        }
        return lines
    }
}
