import Testing

@testable import XKCDKit

@Suite struct ImageScalerTests {
    @Test func shrinkingAveragesTheArea() {
        let image = RasterImage(rows: [[(200, 0, 0), (0, 0, 0)], [(0, 100, 0), (0, 0, 40)]])
        let one = ImageScaler.scale(image, width: 1, height: 1)
        #expect(one.pixels == [50, 25, 10, 255])
    }

    @Test func partlyCoveredPixelsCountForTheirShare() {
        // Three pixels into two: each new pixel is one whole pixel and half of the middle one.
        let image = RasterImage(rows: [[(0, 0, 0), (90, 90, 90), (210, 210, 210)]])
        let two = ImageScaler.scale(image, width: 2, height: 1)
        #expect(two.pixels == [30, 30, 30, 255, 170, 170, 170, 255])
    }

    @Test func transparentPixelsDoNotDarkenTheirNeighbours() {
        let image = RasterImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 0, 0])
        let one = ImageScaler.scale(image, width: 1, height: 1)
        #expect(Array(one.pixels[0..<3]) == [255, 0, 0])
        #expect((127...128).contains(one.pixels[3]))
        let clear = RasterImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16))
        #expect(ImageScaler.scale(clear, width: 1, height: 1).pixels == [0, 0, 0, 0])
        // A hidden colour under alpha 0 has no say at all.
        let hidden = RasterImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 0, 255, 0, 0])
        #expect(Array(ImageScaler.scale(hidden, width: 1, height: 1).pixels[0..<3]) == [0, 0, 0])
    }

    @Test func enlargingInterpolatesBetweenPixelCentres() {
        let image = RasterImage(rows: [[(0, 0, 0), (255, 255, 255)]])
        let four = ImageScaler.scale(image, width: 4, height: 1)
        #expect(stride(from: 0, to: 16, by: 4).map { four.pixels[$0] } == [0, 64, 191, 255])
        let flat = ImageScaler.scale(.filled(width: 1, height: 1, (10, 20, 30)), width: 3, height: 5)
        #expect(flat == .filled(width: 3, height: 5, (10, 20, 30)))
    }

    @Test func theSameSizeIsTheSameImage() {
        let image = RasterImage.drawn(width: 7, height: 3) { x, y in (UInt8(x * 30), UInt8(y * 80), 5) }
        #expect(ImageScaler.scale(image, width: 7, height: 3) == image)
    }

    @Test func aComicShrinksToTheTerminalKeepingItsShape() {
        // A black rectangle over the middle half of a 740 x 1000 white page.
        let page = RasterImage.drawn(width: 740, height: 1000) { x, y in
            (185..<555).contains(x) && (250..<750).contains(y) ? RasterImage.black : RasterImage.white
        }
        let fit = ImageFit(imageWidth: 740, imageHeight: 1000, for: .blocks, columns: 80, rows: 200)
        let small = ImageScaler.scale(page, width: fit.pixelWidth, height: fit.pixelHeight)
        #expect((small.width, small.height) == (80, 108))
        var dark: [(Int, Int)] = []
        for y in 0..<small.height {
            for x in 0..<small.width where small.pixel(x: x, y: y).r < 128 { dark.append((x, y)) }
        }
        #expect(dark.map(\.0).min() == 20 && dark.map(\.0).max() == 59)
        #expect(dark.map(\.1).min() == 27 && dark.map(\.1).max() == 80)
        let boxed = ImageFit(imageWidth: 740, imageHeight: 1000, for: .blocks, columns: 80, rows: 50)
        let shown = ImageScaler.scale(page, width: boxed.pixelWidth, height: boxed.pixelHeight)
        #expect((shown.width, shown.height) == (71, 96))
        #expect(abs(Double(shown.width) / Double(shown.height) - 0.74) < 0.01)
    }

    @Test func extremeSizesDoNotCrash() {
        let dot = RasterImage.filled(width: 1, height: 1, RasterImage.red)
        #expect(ImageScaler.scale(dot, width: 80, height: 48).pixel(x: 79, y: 47) == (255, 0, 0, 255))
        let line = RasterImage.filled(width: 20_000, height: 1, RasterImage.blue)
        #expect(ImageScaler.scale(line, width: 80, height: 1).pixel(x: 40, y: 0) == (0, 0, 255, 255))
        #expect(ImageScaler.scale(line, width: 0, height: -3).width == 1)
    }

    @Test func flatteningLaysPixelsOverTheBackground() {
        let image = RasterImage(width: 3, height: 1, pixels: [255, 0, 0, 128, 9, 9, 9, 0, 1, 2, 3, 255])
        let flat = ImageScaler.flatten(image, on: (255, 255, 255))
        #expect(flat.pixels == [255, 127, 127, 255, 255, 255, 255, 255, 1, 2, 3, 255])
        #expect(ImageScaler.flatten(image, on: (0, 0, 0)).pixels[0..<8] == [128, 0, 0, 255, 0, 0, 0, 255])
    }
}
