#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Black-on-white comics on a dark background: whether an image is all greys, and the image with
/// its lightness turned over. Pure functions of the pixels.
enum ImageTone {
    /// How far apart an opaque pixel's channels may be for it to count as grey.
    static let greyTolerance = 24
    /// The share of opaque pixels that may have colour in an image that still counts as grey
    /// (anti-aliasing and a stray coloured mark).
    static let colouredShare = 0.01

    /// Whether nearly every opaque pixel of `image` is grey and most are light: dark lines on
    /// light paper, not a colour comic nor a mostly dark one.
    static func isGrey(_ image: RasterImage) -> Bool {
        let pixels = image.pixels
        // Every pixel of a large image is not needed to tell: a sample of about 250,000 is.
        let step = max(1, image.width * image.height / 250_000)
        var opaque = 0
        var coloured = 0
        var light = 0
        var index = 0
        while index + 3 < pixels.count {
            if pixels[index + 3] >= 128 {
                opaque += 1
                let (r, g, b) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
                if max(r, g, b) - min(r, g, b) > greyTolerance { coloured += 1 }
                if r + g + b >= 3 * 128 { light += 1 }
            }
            index += 4 * step
        }
        return Double(coloured) <= Double(opaque) * colouredShare && light * 2 > opaque
    }

    /// `image` with its lightness turned over (white to black, black to white), each pixel's
    /// channels moved alike so what little colour there is keeps its hue; alpha kept. What was
    /// white becomes `paper` (the terminal's background; black when not known), what was black
    /// stays white.
    static func inverted(_ image: RasterImage, paper: TerminalBackground? = nil) -> RasterImage {
        var pixels = image.pixels
        let (pr, pg, pb) = paper.map { ($0.red, $0.green, $0.blue) } ?? (0, 0, 0)
        var index = 0
        while index + 3 < pixels.count {
            let (r, g, b) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
            let lightness = (r * 2126 + g * 7152 + b * 722) / 10_000
            let shift = 255 - 2 * lightness
            pixels[index] = UInt8(pr + min(255, max(0, r + shift)) * (255 - pr) / 255)
            pixels[index + 1] = UInt8(pg + min(255, max(0, g + shift)) * (255 - pg) / 255)
            pixels[index + 2] = UInt8(pb + min(255, max(0, b + shift)) * (255 - pb) / 255)
            index += 4
        }
        return RasterImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// The exponent half blocks darken line art with where it is shrunk `shrink` times: a
    /// stroke of a few pixels, averaged with the paper into a grey the lighter the more it is
    /// shrunk, comes out near black again, as it looks at full size; between 0.3, short of
    /// turning every faint edge black, and 0.6, which only deepens the edges of a drawing
    /// barely shrunk.
    static func strokeExponent(shrink: Double) -> Double {
        min(0.6, max(0.3, strokeWidth / max(shrink, 1)))
    }

    // About how wide, in pixels, a pen stroke is in a comic's image.
    private static let strokeWidth = 2.5

    /// `image` (opaque, line art shrunk by averaging) with each pixel's darkness raised to
    /// `exponent` (below 1): a stroke thinner than a pixel, averaged with the paper around it
    /// into a light grey, comes out about as dark as it looks at full size, while the paper
    /// stays white and solid black stays black. Channels move alike, keeping what hue there is.
    static func strokesDarkened(_ image: RasterImage, exponent: Double) -> RasterImage {
        let curve: [Int] = (0...255).map { light in
            let darkness = Double(255 - light) / 255
            return 255 - Int((pow(darkness, exponent) * 255).rounded())
        }
        var pixels = image.pixels
        var index = 0
        while index + 3 < pixels.count {
            let (r, g, b) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
            let lightness = (r * 2126 + g * 7152 + b * 722) / 10_000
            let shift = curve[lightness] - lightness
            pixels[index] = UInt8(min(255, max(0, r + shift)))
            pixels[index + 1] = UInt8(min(255, max(0, g + shift)))
            pixels[index + 2] = UInt8(min(255, max(0, b + shift)))
            index += 4
        }
        return RasterImage(width: image.width, height: image.height, pixels: pixels)
    }
}
