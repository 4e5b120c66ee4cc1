import Testing

@testable import XKCDKit

@Suite struct TerminalImageTests {
    private let esc = "\u{1B}"
    private typealias Image = RasterImage

    /// Red over red, red over blue, white over black; then an odd row of green, green, white.
    private let sample = RasterImage(rows: [
        [Image.red, Image.red, Image.white],
        [Image.red, Image.blue, Image.black],
        [Image.green, Image.green, Image.white],
    ])

    @Test func halfBlocksInTrueColourWriteEachColourOnlyWhenItChanges() {
        let lines = HalfBlocks.lines(sample, colors: .trueColor)
        #expect(
            lines == [
                "\(esc)[48;2;255;0;0m "
                    + "\(esc)[38;2;255;0;0m\(esc)[48;2;0;0;255m▀\(esc)[38;2;255;255;255m\(esc)[48;2;0;0;0m▀\(esc)[0m",
                // The odd last row: the terminal's own background, already in force, below.
                "\(esc)[38;2;0;255;0m▀▀\(esc)[38;2;255;255;255m▀\(esc)[0m",
            ])
    }

    @Test func halfBlocksInThe256ColourPalette() {
        let lines = HalfBlocks.lines(sample, colors: .palette256)
        #expect(
            lines == [
                "\(esc)[48;5;196m \(esc)[38;5;196m\(esc)[48;5;21m▀\(esc)[38;5;231m\(esc)[48;5;16m▀\(esc)[0m",
                "\(esc)[38;5;46m▀▀\(esc)[38;5;231m▀\(esc)[0m",
            ])
    }

    @Test func cellsThatLookTheSameAreSpacesAndRepeatNoCodes() {
        // Near-white and white differ in 24-bit colour but are one palette entry.
        let image = RasterImage(rows: [[(250, 250, 250), (250, 250, 250)], [Image.white, Image.white]])
        #expect(HalfBlocks.lines(image, colors: .palette256) == ["\(esc)[48;5;231m  \(esc)[0m"])
        #expect(
            HalfBlocks.lines(image, colors: .trueColor)
                == ["\(esc)[38;2;250;250;250m\(esc)[48;2;255;255;255m▀▀\(esc)[0m"])
        let page = RasterImage.filled(width: 5, height: 4, Image.white)
        #expect(
            HalfBlocks.lines(page, colors: .trueColor)
                == Array(repeating: "\(esc)[48;2;255;255;255m     \(esc)[0m", count: 2))
    }

    @Test func paperIsLeftToTheTerminalsOwnBackground() {
        // Paper over paper, paper over ink, ink over paper, ink over ink.
        let paper: RasterImage.RGB = (30, 30, 30)
        let image = RasterImage(rows: [
            [paper, paper, Image.white, Image.white], [paper, Image.white, paper, Image.red],
        ])
        let background = TerminalBackground(red: 30, green: 30, blue: 30)
        #expect(
            HalfBlocks.lines(image, colors: .trueColor, paper: background) == [
                // A line starts on the default background already.
                " \(esc)[38;2;255;255;255m▄▀\(esc)[48;2;255;0;0m▀\(esc)[0m"
            ])
        // In the palette the paper is matched before it is rounded to an entry.
        #expect(
            HalfBlocks.lines(image, colors: .palette256, paper: background) == [
                " \(esc)[38;5;231m▄▀\(esc)[48;5;196m▀\(esc)[0m"
            ])
    }

    @Test func aSingleRowSitsOverTheTerminalBackground() {
        let image = RasterImage(rows: [[Image.white, Image.black]])
        #expect(
            HalfBlocks.lines(image, colors: .trueColor) == ["\(esc)[38;2;255;255;255m▀\(esc)[38;2;0;0;0m▀\(esc)[0m"])
        let single = RasterImage.filled(width: 1, height: 1, Image.black)
        #expect(HalfBlocks.lines(single, colors: .palette256) == ["\(esc)[38;5;16m▀\(esc)[0m"])
    }

    @Test(
        arguments: [
            ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 255, 0), 46), ((0, 0, 255), 21),
            ((255, 255, 0), 226), ((0, 255, 255), 51), ((255, 0, 255), 201), ((95, 135, 175), 67),
            ((128, 128, 128), 244), ((8, 8, 8), 232), ((18, 18, 18), 233), ((238, 238, 238), 255),
            ((250, 250, 250), 231), ((3, 3, 3), 16), ((100, 100, 100), 241),
        ] as [((UInt8, UInt8, UInt8), Int)])
    func paletteIndexIsTheNearestCubeColourOrGrey(colour: (UInt8, UInt8, UInt8), index: Int) {
        #expect(Xterm256.index(r: colour.0, g: colour.1, b: colour.2) == index)
    }

    @Test func asciiShadesFromBlankWhiteToDarkAtSigns() {
        let grey: RasterImage.RGB = (128, 128, 128)
        let image = RasterImage(rows: [
            [Image.white, Image.black, Image.white],
            [Image.white, Image.black, Image.black],
            [Image.black, Image.white, grey],
        ])
        let lines = AsciiShading.lines(image)
        #expect(lines == [" @*", "@ *"])
        #expect(!lines.joined().contains(esc))
        let ramp = RasterImage.drawn(width: 10, height: 2) { x, _ in
            let level = UInt8(255 - x * 255 / 9)
            return (level, level, level)
        }
        // Darker on a square-root curve, so faint strokes still show.
        #expect(AsciiShading.lines(ramp) == [" -=+*##%%@"])
    }

    @Test func asciiAndBlocksTakeTinyAndVeryWideImages() {
        let dot = RasterImage.filled(width: 1, height: 1, Image.black)
        #expect(AsciiShading.lines(dot) == ["@"])
        let wide = RasterImage.filled(width: 5000, height: 3, Image.white)
        #expect(AsciiShading.lines(wide) == Array(repeating: String(repeating: " ", count: 5000), count: 2))
        #expect(HalfBlocks.lines(wide, colors: .trueColor).count == 2)
    }
}
