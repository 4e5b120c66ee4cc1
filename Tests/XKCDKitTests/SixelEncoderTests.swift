import Testing

@testable import XKCDKit

@Suite struct SixelEncoderTests {
    private let esc = "\u{1B}"
    private typealias Image = RasterImage

    @Test func twoColoursInTwoBandsByteForByte() {
        let w = Image.white
        let k = Image.black
        let image = RasterImage(rows: [
            [w, w, k, k],
            [w, w, k, k],
            [k, k, k, k],
            [w, w, w, w],
            [w, w, w, w],
            [w, k, w, k],
            [k, w, k, w],
        ])
        #expect(
            SixelEncoder.encode(image, maxColors: 256)
                == "\(esc)P0;1;0q\"1;1;4;7#0;2;100;100;100#1;2;0;0;0"
                + "#0zZwW$#1CcFf"
                + "-#0?@?@$#1@?@"
                + "\(esc)\\\n")
    }

    @Test func runsOfFourOrMoreAreCounted() {
        let three = RasterImage.filled(width: 3, height: 6, Image.black)
        #expect(SixelEncoder.encode(three, maxColors: 16) == "\(esc)P0;1;0q\"1;1;3;6#0;2;0;0;0#0~~~\(esc)\\\n")
        let wide = RasterImage.filled(width: 10, height: 1, (255, 0, 0))
        #expect(SixelEncoder.encode(wide, maxColors: 16) == "\(esc)P0;1;0q\"1;1;10;1#0;2;100;0;0#0!10@\(esc)\\\n")
    }

    @Test func registersAreInPercent() {
        let image = RasterImage(rows: [[(128, 64, 1), (254, 3, 200)]])
        let text = SixelEncoder.encode(image, maxColors: 2)
        #expect(text.contains("#0;2;50;25;0#1;2;100;1;78#"))
    }

    @Test func manyColoursStayWithinTheRegisters() {
        let gradient = RasterImage.drawn(width: 64, height: 48) { x, y in
            (UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2))
        }
        for maxColors in [2, 16, 64, 256] {
            let text = SixelEncoder.encode(gradient, maxColors: maxColors)
            let definitions = text.matches(of: /#\d+;2;\d+;\d+;\d+/).count
            #expect(definitions >= 2 && definitions <= maxColors)
            #expect(text == SixelEncoder.encode(gradient, maxColors: maxColors))
            let quantized = QuantizedImage(gradient, maxColors: maxColors)
            #expect(quantized.palette.count == definitions)
            #expect(quantized.indices.allSatisfy { Int($0) < definitions })
        }
        #expect(QuantizedImage(gradient, maxColors: 1).palette.count == 2)
        #expect(QuantizedImage(gradient, maxColors: 1000).palette.count == 256)
    }

    @Test func aComicInSixteenRegistersKeepsBlackWhiteAndItsColour() {
        // White page, black strokes with grey anti-aliasing, a red patch: more than 16 colours.
        let comic = RasterImage.drawn(width: 120, height: 90) { x, y in
            if (40..<60).contains(x) && (30..<50).contains(y) { return (220, 30, 30) }
            if y == 10 || x == 10 { return Image.black }
            if y == 11 || x == 11 {
                let v = UInt8(40 + (x + y) % 180)
                return (v, v, v)
            }
            return Image.white
        }
        let quantized = QuantizedImage(comic, maxColors: 16)
        #expect(quantized.palette.count == 16)
        let palette = quantized.palette.map { [$0.r, $0.g, $0.b] }
        #expect(palette.contains([255, 255, 255]))
        #expect(palette.contains([0, 0, 0]))
        #expect(palette.contains([220, 30, 30]))
        let index = { (x: Int, y: Int) in quantized.palette[Int(quantized.indices[y * 120 + x])] }
        #expect(index(0, 0) == .init(r: 255, g: 255, b: 255))
        #expect(index(10, 50) == .init(r: 0, g: 0, b: 0))
        #expect(index(45, 35) == .init(r: 220, g: 30, b: 30))
    }

    @Test func tinyAndVeryWideImages() {
        let dot = RasterImage.filled(width: 1, height: 1, (0, 0, 255))
        #expect(SixelEncoder.encode(dot, maxColors: 16) == "\(esc)P0;1;0q\"1;1;1;1#0;2;0;0;100#0@\(esc)\\\n")
        let wide = RasterImage.drawn(width: 10_000, height: 7) { x, _ in x % 3 == 0 ? Image.black : Image.white }
        let text = SixelEncoder.encode(wide, maxColors: 16)
        #expect(text.hasPrefix("\(esc)P0;1;0q\"1;1;10000;7#0;2;0;0;0#1;2;100;100;100#0~??~??"))
        #expect(text.hasSuffix("\(esc)\\\n"))
    }
}
