import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// The real line-art comics in half blocks at 100 columns, as dark as chafa draws them: their
/// strokes measured as `scripts/measure-chafa-strokes.py` measured chafa's drawings of the same
/// files (`Fixtures/measurements/chafa-strokes.tsv`).
@Suite struct LineArtContrastTests {
    // Each file's stroke level in chafa's drawing with its default symbols, and in half blocks.
    private static func chafa() throws -> [String: (symbols: Int, halfBlocks: Int)] {
        let url = ComicArchive.locateFixtures().appendingPathComponent("measurements/chafa-strokes.tsv")
        var levels: [String: (Int, Int)] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let symbols = Int(fields[1]), let halves = Int(fields[2]) else { continue }
            levels[String(fields[0])] = (symbols, halves)
        }
        return levels
    }

    // A light truecolor terminal of 100 columns whose white background is known.
    private static let facts: TerminalFacts = {
        var facts = TerminalFacts(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTTY: true, columns: 100, rows: 1000)
        facts.darkBackground = false
        facts.background = TerminalBackground(red: 255, green: 255, blue: 255)
        return facts
    }()

    @Test func strokesAreNoLighterThanChafasAndNearItsFinerSymbols() throws {
        let chafa = try Self.chafa()
        var lineArt = 0
        var lighterThanHalfBlocks: [String] = []
        var behindSymbols: [Int] = []
        for (real, (name, image)) in zip(try RealData().images(), try RealImageTests.decoded())
        where ImageTone.isGrey(image.raster) {
            let bound = try #require(chafa[real.file.lastPathComponent], "\(name) was measured")
            var drawn = image
            drawn.options = ImageOptions(renderer: .blocks, width: 100)
            let level = HalfBlockCells.strokeLevel(ImageComposer(facts: Self.facts).render(drawn))
            lineArt += 1
            if level > bound.halfBlocks + 2 { lighterThanHalfBlocks.append("\(name): \(level) > \(bound.halfBlocks)") }
            behindSymbols.append(level - bound.symbols)
        }
        #expect(lineArt > 150, "most real comics are line art")
        #expect(lighterThanHalfBlocks.isEmpty, "\(lighterThanHalfBlocks.count): \(lighterThanHalfBlocks.prefix(5))")
        behindSymbols.sort()
        // chafa's finer symbols show a thin stroke in its own colour; two pixels a cell come near.
        #expect(behindSymbols[behindSymbols.count / 2] <= 30, "median behind chafa's symbols")
    }

    @Test func paperStaysWhiteAndBlackStaysBlack() {
        let pixels: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255]
        let darkened = ImageTone.strokesDarkened(
            RasterImage(width: 3, height: 1, pixels: pixels), exponent: ImageTone.strokeExponent(shrink: 7.4))
        #expect(Array(darkened.pixels[0..<8]) == Array(pixels[0..<8]))
        #expect(darkened.pixels[8] < 90, "mid grey darkened: \(darkened.pixels[8])")
        #expect(ImageTone.strokeExponent(shrink: 1) == 0.6 && ImageTone.strokeExponent(shrink: 10) == 0.3)
    }
}
