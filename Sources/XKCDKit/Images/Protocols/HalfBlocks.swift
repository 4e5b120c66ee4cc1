/// Draws an image with Unicode upper half blocks: each cell shows two pixels, the upper one
/// as the foreground of `▀` and the lower one as its background.
enum HalfBlocks {
    /// One line of text for every two pixel rows of `image`, which is already scaled to
    /// (columns, rows x 2) and flattened (alpha is ignored). A colour escape is written only
    /// where the colour changes along the line, a cell whose two pixels match is a space on
    /// that background, an odd last pixel row sits over the terminal's own background, and
    /// every line ends with `ESC[0m`. Pixels of exactly the colour `paper` are left to the
    /// terminal's default background, so the paper matches the terminal even where its colour
    /// is not known exactly (a 256-colour palette, or inside tmux).
    static func lines(_ image: RasterImage, colors: BlockColors, paper: TerminalBackground? = nil)
        -> [String]
    {
        let width = image.width
        let height = image.height
        var lines: [String] = []
        lines.reserveCapacity((height + 1) / 2)
        var out = ByteBuffer(capacity: width * 48 + 8)
        image.pixels.withUnsafeBufferPointer { px in
            let paperRGB = paper.map { $0.red << 16 | $0.green << 8 | $0.blue } ?? -1
            // -1 is the terminal's default background.
            func colour(_ x: Int, _ y: Int) -> Int {
                let i = (y * width + x) * 4
                if Int(px[i]) << 16 | Int(px[i + 1]) << 8 | Int(px[i + 2]) == paperRGB { return -1 }
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
                    // A foreground cannot be the default background: paper above ink is the
                    // lower half block in the ink's colour.
                    let paperAbove = upper < 0
                    let (ink, under) = paperAbove ? (lower, upper) : (upper, lower)
                    if foreground != ink { write(ink, layer: .foreground, colors: colors, to: &out) }
                    if background != under { write(under, layer: .background, colors: colors, to: &out) }
                    foreground = ink
                    background = under
                    if paperAbove { out.append("\u{2584}") } else { out.append("\u{2580}") }
                }
                out.append("\u{1B}[0m")
                lines.append(out.string)
            }
        }
        return lines
    }

    /// One line for every two pixel rows of `image` (scaled and flattened as for
    /// ``lines(_:colors:paper:)``) in the terminal's own colours: a pixel darker than
    /// ``inkThreshold`` is ink, drawn in the default foreground, and the rest is paper, the
    /// default background. Each line starts with `ESC[39;49m` and ends with `ESC[0m`, with no
    /// colour of its own, so line art is right on a background whose colour is not known.
    package static func defaultColorLines(_ image: RasterImage) -> [String] {
        let width = image.width
        let height = image.height
        var lines: [String] = []
        lines.reserveCapacity((height + 1) / 2)
        var out = ByteBuffer(capacity: width * 3 + 16)
        image.pixels.withUnsafeBufferPointer { px in
            func ink(_ x: Int, _ y: Int) -> Bool {
                guard y < height else { return false }
                let i = (y * width + x) * 4
                return (299 * Int(px[i]) + 587 * Int(px[i + 1]) + 114 * Int(px[i + 2])) / 1000 < inkThreshold
            }
            for y in stride(from: 0, to: height, by: 2) {
                out.removeAll()
                out.append("\u{1B}[39;49m")
                for x in 0..<width {
                    switch (ink(x, y), ink(x, y + 1)) {
                    case (true, true): out.append("\u{2588}")
                    case (true, false): out.append("\u{2580}")
                    case (false, true): out.append("\u{2584}")
                    case (false, false): out.append(0x20)
                    }
                }
                out.append("\u{1B}[0m")
                lines.append(out.string)
            }
        }
        return lines
    }

    // Lighter than a comic's lines, so thin strokes averaged with the paper around them when
    // scaled down still come out as ink.
    static let inkThreshold = 176

    private enum Layer {
        case foreground, background
    }

    private static func write(_ colour: Int, layer: Layer, colors: BlockColors, to out: inout ByteBuffer) {
        // Only a background is ever the default: paper, or under an odd last pixel row.
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

/// The colours half blocks are drawn with.
enum BlockColors: Sendable {
    /// 24-bit SGR colours (`38;2;r;g;b`).
    case trueColor
    /// The xterm 256-colour palette (`38;5;n`): its 6x6x6 cube and grey ramp.
    case palette256
}

/// The xterm 256-colour palette: its 6x6x6 colour cube (16–231) and grey ramp (232–255).
/// The first 16 are left out because terminals let users redefine them.
enum Xterm256 {
    /// The cube's channel levels.
    private static let levels = [0, 95, 135, 175, 215, 255]

    /// The palette index nearest `(r, g, b)`, by squared distance in RGB.
    static func index(r: UInt8, g: UInt8, b: UInt8) -> Int {
        let (r, g, b) = (Int(r), Int(g), Int(b))
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let cubeDistance = square(levels[cr] - r) + square(levels[cg] - g) + square(levels[cb] - b)
        // Grey ramp step k is 8 + 10k.
        let step = min(23, max(0, ((r + g + b) / 3 - 3) / 10))
        let grey = 8 + 10 * step
        let greyDistance = square(grey - r) + square(grey - g) + square(grey - b)
        return greyDistance < cubeDistance ? 232 + step : 16 + 36 * cr + 6 * cg + cb
    }

    /// The nearest cube level for one channel (the midpoints are 48, 115, 155, 195, 235).
    private static func level(_ v: Int) -> Int {
        v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40
    }

    private static func square(_ v: Int) -> Int { v * v }
}

/// Draws an image with plain characters for terminals that take no escapes.
enum AsciiShading {
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
    static func lines(_ image: RasterImage) -> [String] {
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
