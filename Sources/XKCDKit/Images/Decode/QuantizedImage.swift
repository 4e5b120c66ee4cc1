/// An image reduced to a palette of a few colours, for sixel's colour registers.
struct QuantizedImage {
    /// One colour.
    struct Colour: Equatable {
        var r: UInt8, g: UInt8, b: UInt8
    }

    /// The colours, at most the number asked for.
    let palette: [Colour]
    /// Each pixel's index into `palette`, row by row.
    let indices: [UInt8]

    /// `image` (opaque; alpha is ignored) in at most `maxColors` (clamped to 2…256) colours:
    /// its own colours when it has that few, otherwise a median cut. Deterministic.
    init(_ image: RasterImage, maxColors: Int) {
        let limit = min(256, max(2, maxColors))
        if let exact = Self.exactColours(image, limit: limit) {
            (palette, indices) = exact
        } else {
            (palette, indices) = Self.medianCut(image, limit: limit)
        }
    }

    /// The image's own colours in the order they first appear, or nil when there are more than `limit`.
    private static func exactColours(_ image: RasterImage, limit: Int) -> ([Colour], [UInt8])? {
        var palette: [Colour] = []
        var lookup: [UInt32: UInt8] = [:]
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        var last: UInt32 = .max
        var lastIndex: UInt8 = 0
        let fits = image.pixels.withUnsafeBufferPointer { px -> Bool in
            for p in 0..<indices.count {
                let key = UInt32(px[p * 4]) << 16 | UInt32(px[p * 4 + 1]) << 8 | UInt32(px[p * 4 + 2])
                if key != last {
                    if let known = lookup[key] {
                        lastIndex = known
                    } else {
                        guard palette.count < limit else { return false }
                        lastIndex = UInt8(palette.count)
                        lookup[key] = lastIndex
                        palette.append(Colour(r: px[p * 4], g: px[p * 4 + 1], b: px[p * 4 + 2]))
                    }
                    last = key
                }
                indices[p] = lastIndex
            }
            return true
        }
        return fits ? (palette, indices) : nil
    }

    /// Colours gathered into 32 levels a channel, each bin standing at the mean of its pixels.
    private struct Bin {
        var key: Int
        var count: Double
        var mean: (Double, Double, Double)

        func channel(_ c: Int) -> Double { c == 0 ? mean.0 : c == 1 ? mean.1 : mean.2 }
    }

    /// A run of bins with the sums that give its mean and squared error.
    private struct Box {
        var range: Range<Int>
        var count = 0.0
        var sum = [0.0, 0.0, 0.0]
        var squares = [0.0, 0.0, 0.0]

        init(_ bins: ArraySlice<Bin>) {
            range = bins.startIndex..<bins.endIndex
            for bin in bins { add(bin) }
        }

        mutating func add(_ bin: Bin) {
            count += bin.count
            for c in 0..<3 {
                let v = bin.channel(c)
                sum[c] += bin.count * v
                squares[c] += bin.count * v * v
            }
        }

        func variance(_ c: Int) -> Double { squares[c] - sum[c] * sum[c] / count }
        var error: Double { variance(0) + variance(1) + variance(2) }
        var mean: Colour {
            func level(_ c: Int) -> UInt8 { UInt8(max(0, min(255, (sum[c] / count).rounded()))) }
            return Colour(r: level(0), g: level(1), b: level(2))
        }
    }

    /// Splits the box with the largest squared error, along its widest channel at the point
    /// that leaves the least error, until there are `limit` boxes or none can be split.
    private static func medianCut(_ image: RasterImage, limit: Int) -> ([Colour], [UInt8]) {
        var bins = gatherBins(image)
        var boxes = [Box(bins[...])]
        while boxes.count < limit {
            var pick = -1
            for (i, box) in boxes.enumerated() where box.range.count > 1 && box.error > 1e-9 {
                if pick < 0 || box.error > boxes[pick].error { pick = i }
            }
            guard pick >= 0 else { break }
            let box = boxes[pick]
            let channel = (0..<3).max { box.variance($0) < box.variance($1) } ?? 0
            bins[box.range].sort { ($0.channel(channel), $0.key) < ($1.channel(channel), $1.key) }
            var left = Box(bins[box.range.lowerBound..<box.range.lowerBound])
            var best = (error: Double.infinity, cut: box.range.lowerBound + 1)
            for cut in (box.range.lowerBound + 1)..<box.range.upperBound {
                left.add(bins[cut - 1])
                let rightCount = box.count - left.count
                var error = left.error
                for c in 0..<3 {
                    let s = box.sum[c] - left.sum[c]
                    let q = box.squares[c] - left.squares[c]
                    error += q - s * s / rightCount
                }
                if error < best.error { best = (error, cut) }
            }
            boxes[pick] = Box(bins[box.range.lowerBound..<best.cut])
            boxes.insert(Box(bins[best.cut..<box.range.upperBound]), at: pick + 1)
        }
        let palette = boxes.map(\.mean)
        // Each bin takes the nearest palette colour, which may not be its own box's.
        var table = [UInt8](repeating: 0, count: 1 << 15)
        for bin in bins {
            var nearest = 0
            var distance = Double.infinity
            for (i, colour) in palette.enumerated() {
                let dr = bin.mean.0 - Double(colour.r)
                let dg = bin.mean.1 - Double(colour.g)
                let db = bin.mean.2 - Double(colour.b)
                let d = dr * dr + dg * dg + db * db
                if d < distance { (nearest, distance) = (i, d) }
            }
            table[bin.key] = UInt8(nearest)
        }
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { px in
            for p in 0..<indices.count { indices[p] = table[binKey(px, p * 4)] }
        }
        return (palette, indices)
    }

    private static func gatherBins(_ image: RasterImage) -> [Bin] {
        var counts = [Int](repeating: 0, count: 1 << 15)
        var sums = [Int](repeating: 0, count: 3 << 15)
        image.pixels.withUnsafeBufferPointer { px in
            for p in stride(from: 0, to: px.count, by: 4) {
                let key = binKey(px, p)
                counts[key] += 1
                sums[key * 3] += Int(px[p])
                sums[key * 3 + 1] += Int(px[p + 1])
                sums[key * 3 + 2] += Int(px[p + 2])
            }
        }
        var bins: [Bin] = []
        for key in 0..<counts.count where counts[key] > 0 {
            let n = Double(counts[key])
            bins.append(
                Bin(
                    key: key, count: n,
                    mean: (Double(sums[key * 3]) / n, Double(sums[key * 3 + 1]) / n, Double(sums[key * 3 + 2]) / n)))
        }
        return bins
    }

    private static func binKey(_ px: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        Int(px[i] >> 3) << 10 | Int(px[i + 1] >> 3) << 5 | Int(px[i + 2] >> 3)
    }
}
