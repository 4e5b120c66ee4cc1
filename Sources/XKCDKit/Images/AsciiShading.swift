/// Draws an image with plain characters for terminals that take no escapes.
public enum AsciiShading {
    /// The characters from lightest to darkest: xkcd is dark lines on white, so white is blank.
    static let ramp = Array(" .:-=+*#%@".utf8)

    /// One line for every two pixel rows of `image`, already scaled to (columns, rows x 2)
    /// and flattened (alpha is ignored): one character a cell, shaded by the average
    /// lightness of its two pixels (one for an odd last row). No escapes.
    public static func lines(_ image: RasterImage) -> [String] {
        let width = image.width, height = image.height
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
                    let step = ((255 - light) * (ramp.count - 1) + 127) / 255
                    line[x] = ramp[step]
                }
                lines.append(String(decoding: line, as: UTF8.self))
            }
        }
        return lines
    }
}
