/// Resizing and compositing of ``RasterImage``s.
enum ImageScaler {
    /// `image` resized to `width` x `height` (each at least 1): shrinking averages the area
    /// each new pixel covers, enlarging interpolates bilinearly, and colours are weighted by
    /// their alpha so transparent pixels do not darken their neighbours.
    static func scale(_ image: RasterImage, width: Int, height: Int) -> RasterImage {
        let width = max(1, width)
        let height = max(1, height)
        if width == image.width && height == image.height { return image }
        let columns = Taps(source: image.width, target: width)
        let rows = Taps(source: image.height, target: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        // One source row's worth of premultiplied sums for the output row being made.
        var line = [Float](repeating: 0, count: image.width * 4)
        image.pixels.withUnsafeBufferPointer { src in
            line.withUnsafeMutableBufferPointer { acc in
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<height {
                        for i in 0..<acc.count { acc[i] = 0 }
                        for t in rows.range(y) {
                            accumulate(
                                row: rows.index[t], weight: rows.weight[t], of: src, width: image.width, into: acc)
                        }
                        for x in 0..<width {
                            var r: Float = 0
                            var g: Float = 0
                            var b: Float = 0
                            var a: Float = 0
                            for t in columns.range(x) {
                                let i = columns.index[t] * 4
                                let w = columns.weight[t]
                                r += w * acc[i]
                                g += w * acc[i + 1]
                                b += w * acc[i + 2]
                                a += w * acc[i + 3]
                            }
                            let o = (y * width + x) * 4
                            if a > 0.5 / 255 {
                                dst[o] = byte(r / a)
                                dst[o + 1] = byte(g / a)
                                dst[o + 2] = byte(b / a)
                                dst[o + 3] = byte(a * 255)
                            }
                        }
                    }
                }
            }
        }
        return RasterImage(width: width, height: height, pixels: out)
    }

    /// `image` laid over an opaque `background`: every pixel of the result is opaque.
    static func flatten(_ image: RasterImage, on background: (UInt8, UInt8, UInt8)) -> RasterImage {
        var out = image.pixels
        let back = (UInt32(background.0), UInt32(background.1), UInt32(background.2))
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    let rest = 255 - a
                    p[i] = UInt8((UInt32(p[i]) * a + back.0 * rest + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * a + back.1 * rest + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * a + back.2 * rest + 127) / 255)
                    p[i + 3] = 255
                }
                i += 4
            }
        }
        return RasterImage(width: image.width, height: image.height, pixels: out)
    }

    /// Adds source row `row`, premultiplied and times `weight`, to `acc` (colours scaled by
    /// alpha in 0…1, alpha itself in 0…1).
    private static func accumulate(
        row: Int, weight: Float, of src: UnsafeBufferPointer<UInt8>, width: Int,
        into acc: UnsafeMutableBufferPointer<Float>
    ) {
        let start = row * width * 4
        let alphaWeight = weight / 255
        for i in stride(from: 0, to: width * 4, by: 4) {
            let a = Float(src[start + i + 3]) * alphaWeight
            if a == 0 { continue }
            acc[i] += Float(src[start + i]) * a
            acc[i + 1] += Float(src[start + i + 1]) * a
            acc[i + 2] += Float(src[start + i + 2]) * a
            acc[i + 3] += a
        }
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value + 0.5)))
    }

    /// For each target position along one axis, the source positions it reads and their
    /// weights (summing to 1), flattened: target `i` uses entries `start[i]..<start[i + 1]`.
    private struct Taps {
        var index: [Int] = []
        var weight: [Float] = []
        var start: [Int] = [0]

        init(source: Int, target: Int) {
            let ratio = Double(source) / Double(target)
            for i in 0..<target {
                if target < source {
                    // Shrinking: the share of each source pixel that falls inside target pixel i.
                    let lo = Double(i) * ratio
                    let hi = Double(i + 1) * ratio
                    var j = Int(lo)
                    while Double(j) < hi && j < source {
                        let covered = min(hi, Double(j + 1)) - max(lo, Double(j))
                        if covered > 0 {
                            index.append(j)
                            weight.append(Float(covered / ratio))
                        }
                        j += 1
                    }
                } else {
                    // Enlarging: the two nearest source pixel centres, clamped at the edges.
                    let centre = min(max((Double(i) + 0.5) * ratio - 0.5, 0), Double(source - 1))
                    let j = Int(centre)
                    let f = centre - Double(j)
                    index.append(j)
                    weight.append(Float(1 - f))
                    if f > 0 {
                        index.append(j + 1)
                        weight.append(Float(f))
                    }
                }
                start.append(index.count)
            }
        }

        func range(_ i: Int) -> Range<Int> { start[i]..<start[i + 1] }
    }
}
