import Testing

@testable import XKCDKit

@Suite struct ImageFitTests {
    @Test func halfBlocksKeepTheShapeOnTheCellsTheTerminalReports() {
        let square = { (cellWidth: Int?, cellHeight: Int?) in
            ImageFit(
                imageWidth: 400, imageHeight: 400, for: .blocks, columns: 200, rows: 200, cellWidth: cellWidth,
                cellHeight: cellHeight)
        }
        // Unknown cells are taken to be twice as tall as wide, as 10 x 20 ones are.
        #expect(square(nil, nil) == ImageFit(columns: 200, rows: 100, pixelWidth: 200, pixelHeight: 200))
        #expect(square(10, 20) == square(nil, nil))
        // On 8 x 19 cells a half-cell is 8 x 9.5, so a square takes 200 columns by 84 rows
        // (200 x 8 wide, 84 x 19 tall: 1600 x 1596 screen pixels), not 100 rows.
        #expect(square(8, 19) == ImageFit(columns: 200, rows: 84, pixelWidth: 200, pixelHeight: 168))
        #expect(
            ImageFit(
                imageWidth: 400, imageHeight: 400, for: .ascii, columns: 200, rows: 200, cellWidth: 8, cellHeight: 19
            )
            .rows == 84)
        // A size no font has is not believed.
        #expect(square(8, 500) == square(nil, nil))
    }

    private func blocks(_ w: Int, _ h: Int, columns: Int = 80, rows: Int = 24, width: Int? = nil) -> ImageFit {
        ImageFit(imageWidth: w, imageHeight: h, for: .blocks, columns: columns, rows: rows, width: width)
    }

    @Test func aWideImageFillsTheWidth() {
        #expect(blocks(2000, 500) == ImageFit(columns: 80, rows: 10, pixelWidth: 80, pixelHeight: 20))
    }

    @Test func aTallImageFitsTheHeightLessTwoRowsForThePrompt() {
        #expect(blocks(740, 1000) == ImageFit(columns: 33, rows: 22, pixelWidth: 33, pixelHeight: 44))
        #expect(blocks(740, 1000, rows: 50) == ImageFit(columns: 71, rows: 48, pixelWidth: 71, pixelHeight: 96))
    }

    @Test func smallImagesAreNeverEnlarged() {
        #expect(blocks(10, 6) == ImageFit(columns: 10, rows: 3, pixelWidth: 10, pixelHeight: 6))
        #expect(blocks(10, 5) == ImageFit(columns: 10, rows: 3, pixelWidth: 10, pixelHeight: 5))
        #expect(blocks(1, 1) == ImageFit(columns: 1, rows: 1, pixelWidth: 1, pixelHeight: 1))
    }

    @Test(arguments: [
        (40, ImageFit(columns: 40, rows: 27, pixelWidth: 40, pixelHeight: 54)),
        (80, ImageFit(columns: 80, rows: 54, pixelWidth: 80, pixelHeight: 108)),
        (200, ImageFit(columns: 200, rows: 135, pixelWidth: 200, pixelHeight: 270)),
    ])
    func aComicFollowsTheTerminalWidth(columns: Int, expected: ImageFit) {
        #expect(blocks(740, 1000, columns: columns, rows: 200) == expected)
    }

    @Test func widthOverrideSetsColumnsAndTheHeightFollowsUncapped() {
        #expect(blocks(740, 1000, width: 120) == ImageFit(columns: 120, rows: 81, pixelWidth: 120, pixelHeight: 162))
        // Asked for, a small image is enlarged.
        #expect(blocks(100, 50, width: 200) == ImageFit(columns: 200, rows: 50, pixelWidth: 200, pixelHeight: 100))
        #expect(blocks(740, 1000, width: 5000).columns == ImageFit.maxColumns)
        #expect(blocks(740, 1000, width: 0).columns == 1)
    }

    @Test func degenerateSizesStillGiveOneCell() {
        for fit in [
            blocks(0, 0), blocks(-5, 10), blocks(740, 1000, columns: 0, rows: 0), blocks(100_000, 1),
            blocks(1, 100_000),
        ] {
            #expect(fit.columns >= 1 && fit.rows >= 1 && fit.pixelWidth >= 1 && fit.pixelHeight >= 1)
        }
        #expect(blocks(100_000, 1).columns == 80)
        #expect(blocks(1, 100_000, width: 1000).rows == ImageFit.maxRows)
    }

    @Test func asciiUsesTheSameCellsAsBlocks() {
        #expect(
            ImageFit(imageWidth: 740, imageHeight: 1000, for: .ascii, columns: 80, rows: 24)
                == blocks(740, 1000))
    }

    @Test func sixelAssumesTenByTwentyPixelCellsWhenUnknown() {
        let fit = ImageFit(imageWidth: 740, imageHeight: 1000, for: .sixel, columns: 80, rows: 50)
        #expect(fit == ImageFit(columns: 71, rows: 48, pixelWidth: 710, pixelHeight: 960))
        // Only one dimension reported is as good as none.
        #expect(ImageFit(imageWidth: 740, imageHeight: 1000, for: .sixel, columns: 80, rows: 50, cellWidth: 8) == fit)
    }

    @Test func sixelUsesTheReportedCellSizeAndMaximum() {
        let fit = ImageFit(
            imageWidth: 740, imageHeight: 1000, for: .sixel, columns: 80, rows: 24, cellWidth: 8, cellHeight: 16)
        #expect(fit == ImageFit(columns: 33, rows: 22, pixelWidth: 260, pixelHeight: 352))
        let facts = TerminalFacts(
            environment: [:], isTTY: true, columns: 200, rows: 100, cellWidth: 10, cellHeight: 20,
            sixelMaxWidth: 500, sixelMaxHeight: 1000)
        let capped = ImageFit(imageWidth: 740, imageHeight: 1000, for: .sixel, facts: facts)
        #expect(capped.pixelWidth == 500 && capped.pixelHeight == 676)
        #expect(capped.columns == 50 && capped.rows == 34)
    }

    @Test func aDoubleImageIsScaledDownToThePixelsTheTerminalReports() {
        // 160 columns of 10-pixel cells: 1600 pixels across, 49 rows of 20 below the prompt.
        let wide = ImageFit(
            imageWidth: 1500, imageHeight: 2000, for: .sixel, columns: 160, rows: 51, cellWidth: 10, cellHeight: 20)
        #expect(wide.pixelHeight == 980 && wide.pixelWidth == 735, "the height binds: scaled down, aspect kept")
        let roomy = ImageFit(
            imageWidth: 1500, imageHeight: 2000, for: .sixel, columns: 400, rows: 200, cellWidth: 10, cellHeight: 20)
        #expect(roomy.pixelWidth == 1500 && roomy.pixelHeight == 2000, "never past its own size")
        let given = ImageFit(
            imageWidth: 1500, imageHeight: 2000, for: .sixel, columns: 160, rows: 51, cellWidth: 10, cellHeight: 20,
            width: 40)
        #expect(given.pixelWidth == 400 && given.columns == 40, "--width wins")
    }

    @Test func kittyAndITermShowTheNaturalSizeInCellsAtMost() {
        for imageProtocol in [ImageProtocol.kitty, .iterm] {
            let natural = ImageFit(imageWidth: 740, imageHeight: 1000, for: imageProtocol, columns: 200, rows: 60)
            #expect(natural == ImageFit(columns: 74, rows: 50, pixelWidth: 740, pixelHeight: 1000))
            let fitted = ImageFit(
                imageWidth: 740, imageHeight: 1000, for: imageProtocol, columns: 80, rows: 24,
                cellWidth: 9, cellHeight: 18)
            // 33 x 22 cells of 9 x 18 are 297 x 396 pixels: 1.3% off the image's shape, where 32
            // columns would be 1.8% off.
            #expect(fitted == ImageFit(columns: 33, rows: 22, pixelWidth: 293, pixelHeight: 396))
            let wide = ImageFit(
                imageWidth: 740, imageHeight: 1000, for: imageProtocol, columns: 80, rows: 24, width: 40)
            #expect(wide == ImageFit(columns: 40, rows: 27, pixelWidth: 400, pixelHeight: 541))
        }
        #expect(
            ImageFit(imageWidth: 1, imageHeight: 1, for: .kitty, columns: 80, rows: 24)
                == ImageFit(columns: 1, rows: 1, pixelWidth: 1, pixelHeight: 1))
    }

    @Test func kittysCellsKeepThePicturesShape() {
        // kitty stretches a picture over the cells it is given: whole cells must come within
        // a few percent of its shape, at every cell size and picture shape.
        var worst = 0.0
        for (cellWidth, cellHeight) in [(7, 15), (8, 17), (9, 20), (10, 21), (11, 24), (12, 26)] {
            for width in stride(from: 300, through: 1500, by: 97) {
                for height in stride(from: 200, through: 2000, by: 131) {
                    let fit = ImageFit(
                        imageWidth: width, imageHeight: height, for: .kitty, columns: 160, rows: 50,
                        cellWidth: cellWidth, cellHeight: cellHeight)
                    guard fit.columns >= 20, fit.rows >= 10 else { continue }
                    let shown = Double(fit.rows * cellHeight) / Double(fit.columns * cellWidth)
                    worst = max(worst, abs(shown * Double(width) / Double(height) - 1))
                    #expect(fit.rows <= 48 && fit.columns <= 160)
                }
            }
        }
        #expect(worst < 0.03, "\(worst)")
    }

    // #1084 as the live site serves it: a 120 x 80 image and its 240 x 160 `_2x`.
    @Test func aDoubledImageTakesTheCellsOfItsSingleOne() {
        for imageProtocol in [ImageProtocol.kitty, .iterm, .sixel] {
            for (cellWidth, cellHeight) in [(9, 20), (18, 40)] {
                func fit(_ width: Int, _ height: Int, doubled: Bool) -> ImageFit {
                    ImageFit(
                        imageWidth: width, imageHeight: height, for: imageProtocol, columns: 200, rows: 60,
                        cellWidth: cellWidth, cellHeight: cellHeight, doubled: doubled)
                }
                let single = fit(120, 80, doubled: false)
                let double = fit(240, 160, doubled: true)
                let hiDPI = cellWidth == 18
                // On a HiDPI screen the 1x is drawn pixel for pixel, half the size the 2x is.
                if !hiDPI {
                    #expect(double.columns == single.columns && double.rows == single.rows, "\(imageProtocol)")
                }
                // The 2x takes the cells of a 120 x 80 picture at 9 x 20: its pixels are halved
                // on a normal screen and used one to one on a HiDPI one.
                let expected = imageProtocol == .sixel ? (14, 4) : (13, 4)
                #expect((double.columns, double.rows) == expected, "\(imageProtocol) \(cellWidth)x\(cellHeight)")
                #expect(double.pixelWidth == (hiDPI ? 240 : 120) && double.pixelHeight == (hiDPI ? 160 : 80))
                // The cells keep the picture's shape: width over height within one row's rounding.
                if imageProtocol != .sixel {
                    let drawn = Double(double.columns * cellWidth) * 160 / 240
                    #expect(Int((drawn / Double(cellHeight)).rounded(.up)) == double.rows)
                }
            }
        }
        // Half blocks count a 2x image's pixels half too: one column for each of its 1x pixels.
        let blocks = ImageFit(
            imageWidth: 240, imageHeight: 160, for: .blocks, columns: 200, rows: 60, doubled: true)
        #expect(blocks == ImageFit(columns: 120, rows: 40, pixelWidth: 120, pixelHeight: 80))
    }
}
