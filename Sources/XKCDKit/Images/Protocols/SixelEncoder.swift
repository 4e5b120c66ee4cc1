/// DEC sixel graphics: an image as six-pixel bands of colour-register strokes.
enum SixelEncoder {
    /// The sixel escape for `image`, already scaled and flattened (alpha is ignored), in at
    /// most `maxColors` colour registers (clamped to 2…256; 16 on a VT340), then a newline.
    /// The image keeps its own colours when it has that few and is median-cut otherwise.
    /// `ESC P 0;1;0 q` (pixels left unset stay as they are) with raster attributes, the
    /// registers in RGB percent, bands separated by `-`, each colour's strokes in a band
    /// separated by `$`, runs of four or more as `!n`. The same image always gives the same bytes.
    static func encode(_ image: RasterImage, maxColors: Int) -> String {
        let quantized = QuantizedImage(image, maxColors: maxColors)
        let width = image.width
        let height = image.height
        let registers = quantized.palette.count
        var out = ByteBuffer(capacity: width * height / 2 + registers * 20 + 64)
        out.append("\u{1B}P0;1;0q\"1;1;")
        out.append(decimal: width)
        out.append(UInt8(ascii: ";"))
        out.append(decimal: height)
        for (n, colour) in quantized.palette.enumerated() {
            out.append(UInt8(ascii: "#"))
            out.append(decimal: n)
            out.append(";2;")
            for (k, level) in [colour.r, colour.g, colour.b].enumerated() {
                if k > 0 { out.append(UInt8(ascii: ";")) }
                out.append(decimal: (Int(level) * 100 + 127) / 255)
            }
        }
        // The six bits each register sets in each column of the band being written.
        var bits = [UInt8](repeating: 0, count: registers * width)
        // The first and last column each register paints in the band (first > last: none).
        var first = [Int](repeating: width, count: registers)
        var last = [Int](repeating: -1, count: registers)
        quantized.indices.withUnsafeBufferPointer { indices in
            for top in stride(from: 0, to: height, by: 6) {
                if top > 0 { out.append(UInt8(ascii: "-")) }
                for row in 0..<min(6, height - top) {
                    let mask = UInt8(1) << row
                    for x in 0..<width {
                        let register = Int(indices[(top + row) * width + x])
                        bits[register * width + x] |= mask
                        first[register] = min(first[register], x)
                        last[register] = max(last[register], x)
                    }
                }
                var separate = false
                for register in 0..<registers where first[register] <= last[register] {
                    if separate { out.append(UInt8(ascii: "$")) }
                    separate = true
                    out.append(UInt8(ascii: "#"))
                    out.append(decimal: register)
                    let row = register * width
                    strokes(
                        &bits, columns: (row + first[register])...(row + last[register]), leading: first[register],
                        to: &out)
                    first[register] = width
                    last[register] = -1
                }
            }
        }
        out.append("\u{1B}\\\n")
        return out.string
    }

    /// Writes one register's columns of a band, run-length encoded: `leading` empty columns,
    /// then `columns` of `bits` (the rest are empty and left out), which are cleared for the next band.
    private static func strokes(
        _ bits: inout [UInt8], columns: ClosedRange<Int>, leading: Int, to out: inout ByteBuffer
    ) {
        run(of: 63, count: leading, to: &out)
        var x = columns.lowerBound
        while x <= columns.upperBound {
            let value = bits[x]
            var count = 1
            while x + count <= columns.upperBound && bits[x + count] == value { count += 1 }
            run(of: 63 + value, count: count, to: &out)
            x += count
        }
        for i in columns { bits[i] = 0 }
    }

    /// `count` times `character`, as `!count` and the character from four on.
    private static func run(of character: UInt8, count: Int, to out: inout ByteBuffer) {
        if count >= 4 {
            out.append(UInt8(ascii: "!"))
            out.append(decimal: count)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }
}
