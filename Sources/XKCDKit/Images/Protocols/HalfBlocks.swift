/// Draws an image with Unicode upper half blocks: each cell shows two pixels, the upper one
/// as the foreground of `▀` and the lower one as its background.
public enum HalfBlocks {
    /// One line of text for every two pixel rows of `image`, which is already scaled to
    /// (columns, rows x 2) and flattened (alpha is ignored). A colour escape is written only
    /// where the colour changes along the line, a cell whose two pixels match is a space on
    /// that background, an odd last pixel row sits over the terminal's own background, and
    /// every line ends with `ESC[0m`.
    public static func lines(_ image: RasterImage, colors: BlockColors) -> [String] {
        let width = image.width
        let height = image.height
        var lines: [String] = []
        lines.reserveCapacity((height + 1) / 2)
        var out = ByteBuffer(capacity: width * 48 + 8)
        image.pixels.withUnsafeBufferPointer { px in
            func colour(_ x: Int, _ y: Int) -> Int {
                let i = (y * width + x) * 4
                switch colors {
                case .trueColor:
                    return Int(px[i]) << 16 | Int(px[i + 1]) << 8 | Int(px[i + 2])
                case .palette256:
                    return Xterm256.index(r: px[i], g: px[i + 1], b: px[i + 2])
                }
            }
            for y in stride(from: 0, to: height, by: 2) {
                out.removeAll()
                // -1 is the terminal's default colour, which every line starts from.
                var foreground = -1
                var background = -1
                for x in 0..<width {
                    let upper = colour(x, y)
                    let lower = y + 1 < height ? colour(x, y + 1) : -1
                    if upper == lower {
                        if background != lower { write(lower, layer: .background, colors: colors, to: &out) }
                        background = lower
                        out.append(0x20)
                        continue
                    }
                    if foreground != upper { write(upper, layer: .foreground, colors: colors, to: &out) }
                    if background != lower { write(lower, layer: .background, colors: colors, to: &out) }
                    foreground = upper
                    background = lower
                    out.append("\u{2580}")
                }
                out.append("\u{1B}[0m")
                lines.append(out.string)
            }
        }
        return lines
    }

    private enum Layer {
        case foreground, background
    }

    private static func write(_ colour: Int, layer: Layer, colors: BlockColors, to out: inout ByteBuffer) {
        // Only a background is ever the default: under an odd last pixel row.
        if colour < 0 {
            out.append("\u{1B}[49m")
            return
        }
        out.append(layer == .foreground ? "\u{1B}[38;" : "\u{1B}[48;")
        switch colors {
        case .trueColor:
            out.append("2;")
            out.append(decimal: colour >> 16)
            out.append(UInt8(ascii: ";"))
            out.append(decimal: colour >> 8 & 0xFF)
            out.append(UInt8(ascii: ";"))
            out.append(decimal: colour & 0xFF)
        case .palette256:
            out.append("5;")
            out.append(decimal: colour)
        }
        out.append(UInt8(ascii: "m"))
    }
}
