import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// ImageDecoder and PNGEncoder against Fixtures/images, whose pixels are given by the formulas
/// of scripts/make-image-fixtures.py (mirrored here), and against broken and hostile data.
@Suite struct ImageDecoderTests {
    static let directory = ComicArchive.locateFixtures().appendingPathComponent("images")

    // The fixture script's formulas and tables.
    static func rgb(_ x: Int, _ y: Int) -> [UInt8] { [UInt8(x * 16), UInt8(y * 20), UInt8((x * 7 + y * 13) % 256)] }
    static func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8(x * 32 + y * 4) }
    static func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8(min(255, (x + 8 * y) * 6)) }
    static let palette: [[UInt8]] = [
        [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [0, 255, 255],
        [255, 0, 255], [0, 0, 0], [255, 255, 255],
    ]
    static func gifIndex(_ x: Int, _ y: Int) -> Int { (x + 2 * y) % 8 }

    static func load(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func decode(_ name: String) throws -> RasterImage {
        try ImageDecoder.decode(load(name))
    }

    /// `expected(x, y)` for every pixel, as RGBA.
    static func expectPixels(
        _ image: RasterImage, width: Int, height: Int, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (Int, Int) -> [UInt8]
    ) {
        #expect(image.width == width && image.height == height, "\(name)", sourceLocation: sourceLocation)
        guard image.width == width, image.height == height else { return }
        var wrong: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = image.pixel(x: x, y: y)
                if [p.r, p.g, p.b, p.a] != expected(x, y) {
                    wrong.append("(\(x),\(y)): \([p.r, p.g, p.b, p.a]) != \(expected(x, y))")
                }
            }
        }
        #expect(wrong.isEmpty, "\(name): \(wrong.prefix(5).joined(separator: "; "))", sourceLocation: sourceLocation)
    }

    /// The message of the `badImage` error `body` throws; records an issue when it throws
    /// anything else or nothing.
    static func badImageMessage(
        _ sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Any
    ) -> String? {
        do {
            _ = try body()
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let XKCDError.badImage(message, _) {
            #expect(!message.isEmpty, sourceLocation: sourceLocation)
            #expect(
                message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(message)",
                sourceLocation: sourceLocation)
            return message
        } catch {
            Issue.record("not badImage: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    // MARK: PNG

    @Test func palettePNGWithTransparentEntries() throws {
        let alphas: [UInt8] = [0, 128, 255, 255, 255, 255]
        Self.expectPixels(try Self.decode("png-palette-trns.png"), width: 8, height: 6, "palette") { x, y in
            let index = (x + 2 * y) % 6
            return Self.palette[index] + [alphas[index]]
        }
    }

    @Test func greyPNGs() throws {
        Self.expectPixels(try Self.decode("png-grey8.png"), width: 8, height: 6, "grey") { x, y in
            [Self.grey(x, y), Self.grey(x, y), Self.grey(x, y), 255]
        }
        Self.expectPixels(try Self.decode("png-grey-alpha.png"), width: 8, height: 6, "grey+alpha") { x, y in
            [Self.grey(x, y), Self.grey(x, y), Self.grey(x, y), Self.alpha(x, y)]
        }
    }

    @Test func colourPNGs() throws {
        Self.expectPixels(try Self.decode("png-rgb.png"), width: 16, height: 12, "rgb") { x, y in Self.rgb(x, y) + [255]
        }
        Self.expectPixels(try Self.decode("png-rgba.png"), width: 8, height: 6, "rgba") { x, y in
            Self.rgb(x, y) + [Self.alpha(x, y)]
        }
    }

    @Test func sixteenBitPNGIsReducedToEightBits() throws {
        // Each 16-bit sample is the 8-bit value times 257, so any sane reduction gives it back.
        Self.expectPixels(try Self.decode("png-rgb16.png"), width: 8, height: 6, "rgb16") { x, y in
            Self.rgb(x, y) + [255]
        }
        Self.expectPixels(try Self.decode("png-rgba16.png"), width: 8, height: 6, "rgba16") { x, y in
            Self.rgb(x, y) + [Self.alpha(x, y)]
        }
    }

    @Test func interlacedPNGEqualsTheNonInterlacedOne() throws {
        #expect(try Self.decode("png-rgb-adam7.png") == Self.decode("png-rgb.png"))
    }

    // MARK: JPEG

    /// Checks the middle 8x8 pixels of each 16x16 quadrant (away from chroma blending at the
    /// edges) against `colours`, within `tolerance`.
    static func expectQuadrants(
        _ image: RasterImage, _ name: String, columns: Int, rows: Int, _ colours: [[UInt8]],
        tolerance: Int = 8, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(image.width == columns * 16 && image.height == rows * 16, "\(name)", sourceLocation: sourceLocation)
        guard image.width == columns * 16, image.height == rows * 16 else { return }
        var worst = 0
        for (i, colour) in colours.enumerated() {
            for y in 4..<12 {
                for x in 4..<12 {
                    let p = image.pixel(x: (i % columns) * 16 + x, y: (i / columns) * 16 + y)
                    #expect(p.a == 255, sourceLocation: sourceLocation)
                    for (got, want) in zip([p.r, p.g, p.b], colour) { worst = max(worst, abs(Int(got) - Int(want))) }
                }
            }
        }
        #expect(worst <= tolerance, "\(name): off by \(worst)", sourceLocation: sourceLocation)
    }

    static let jpegColours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    @Test func baselineAndProgressiveJPEG() throws {
        Self.expectQuadrants(try Self.decode("jpeg-baseline.jpg"), "baseline", columns: 2, rows: 2, Self.jpegColours)
        Self.expectQuadrants(
            try Self.decode("jpeg-progressive.jpg"), "progressive", columns: 2, rows: 2, Self.jpegColours)
    }

    @Test func greyJPEG() throws {
        Self.expectQuadrants(
            try Self.decode("jpeg-grey.jpg"), "grey", columns: 2, rows: 1, [[64, 64, 64], [192, 192, 192]])
    }

    @Test func cmykJPEGIsConvertedToRGB() throws {
        // White, cyan, red (magenta + yellow) and 50% black, stored inverted as Adobe does.
        Self.expectQuadrants(
            try Self.decode("jpeg-cmyk.jpg"), "cmyk", columns: 2, rows: 2,
            [[255, 255, 255], [0, 255, 255], [255, 0, 0], [127, 127, 127]])
    }

    // MARK: GIF

    @Test func singleFrameGIF() throws {
        Self.expectPixels(try Self.decode("gif-single.gif"), width: 16, height: 12, "single") { x, y in
            Self.palette[Self.gifIndex(x, y)] + [255]
        }
    }

    @Test func interlacedGIFEqualsTheNonInterlacedOne() throws {
        #expect(try Self.decode("gif-interlaced.gif") == Self.decode("gif-single.gif"))
    }

    @Test func transparentGIFIndexIsClear() throws {
        Self.expectPixels(try Self.decode("gif-transparent.gif"), width: 8, height: 6, "transparent") { x, y in
            let index = (x + y) % 4
            return index == 2 ? [0, 0, 0, 0] : Self.palette[index] + [255]
        }
    }

    @Test func animatedGIFGivesOnlyItsFirstFrame() throws {
        Self.expectPixels(try Self.decode("gif-animated.gif"), width: 8, height: 6, "animated") { x, y in
            Self.palette[Self.gifIndex(x, y)] + [255]
        }
    }

    @Test func smallGIFFrameSitsAtItsOffsetOnAClearScreen() throws {
        Self.expectPixels(try Self.decode("gif-offset.gif"), width: 12, height: 10, "offset") { x, y in
            (3..<9).contains(x) && (2..<6).contains(y)
                ? Self.palette[Self.gifIndex(x - 3, y - 2)] + [255] : [0, 0, 0, 0]
        }
    }

    // MARK: PNG encoding

    @Test func encodedPNGDecodesToTheSamePixels() throws {
        for name in ["png-rgba.png", "png-palette-trns.png", "jpeg-cmyk.jpg", "gif-offset.gif"] {
            let image = try Self.decode(name)
            let png = try PNGEncoder.encode(image)
            #expect(ImageKind.detect(png) == .png, "\(name)")
            #expect(try ImageDecoder.decode(png) == image, "\(name)")
        }
        // Colour under full transparency survives too: the pixels are not premultiplied.
        let pixels: [UInt8] = [10, 20, 30, 0, 200, 100, 50, 128, 0, 0, 0, 255, 255, 255, 255, 1]
        let image = RasterImage(width: 2, height: 2, pixels: pixels)
        #expect(try ImageDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    // MARK: Refusals

    @Test func oversizedImagesAreRefused() {
        for name in [
            "png-huge-dimensions.png", "jpeg-huge-dimensions.jpg", "gif-huge-screen.gif", "gif-huge-frame.gif",
        ] {
            let message = Self.badImageMessage { try Self.decode(name) }
            #expect(message?.hasPrefix("it is too large") == true, "\(name): \(message ?? "")")
        }
        #expect(Self.badImageMessage { try Self.decode("png-huge-dimensions.png") }?.contains("100000x100000") == true)
        #expect(Self.badImageMessage { try Self.decode("gif-huge-screen.gif") }?.contains("65535x65535") == true)
    }

    @Test func gifWithoutAColourMapIsRefused() {
        let message = Self.badImageMessage { try Self.decode("gif-no-colour-map.gif") }
        #expect(message == "it is truncated or corrupt (GIF: the first frame has no colour map)")
    }

    @Test func emptyUnknownAndWebPDataAreRefused() {
        #expect(Self.badImageMessage { try ImageDecoder.decode(Data()) } == "the file is empty")
        #expect(
            Self.badImageMessage { try ImageDecoder.decode(Data("<html>404</html>".utf8)) }
                == "it is not a PNG, JPEG or GIF image")
        #expect(
            Self.badImageMessage { try ImageDecoder.decode(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) }
                == "it is WebP, and only PNG, JPEG and GIF are shown")
    }

    static func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { [".png", ".jpg", ".gif"].contains(where: $0.hasSuffix) }.sorted()
    }

    @Test func everyFixtureCutShortIsRefused() throws {
        let names = try Self.fixtureNames()
        #expect(names.count >= 20)
        for name in names {
            let data = try Self.load(name)
            for length in 0..<data.count {
                let message = Self.badImageMessage { try ImageDecoder.decode(data.prefix(length)) }
                if message == nil { Issue.record("\(name) cut to \(length) of \(data.count) bytes decoded") }
            }
        }
    }

    @Test func validHeadersFollowedByGarbageAreRefused() throws {
        var state: UInt64 = 353
        func garbage(_ count: Int) -> Data {
            Data(
                (0..<count).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: state >> 33)
                })
        }
        for name in try Self.fixtureNames() {
            let data = try Self.load(name)
            for kept in [8, 16, 33, 40, data.count / 2] where kept < data.count {
                for _ in 0..<8 {
                    _ = Self.badImageMessage { try ImageDecoder.decode(data.prefix(kept) + garbage(data.count - kept)) }
                }
            }
        }
        for count in [1, 2, 7, 100, 4096] {
            _ = Self.badImageMessage { try ImageDecoder.decode(garbage(count)) }
        }
    }

    @Test func corruptedBytesNeverCrash() throws {
        // Flipping single bytes may leave a decodable image (a changed colour); what matters is
        // that every outcome is pixels or badImage.
        for name in try Self.fixtureNames() {
            let data = try Self.load(name)
            for at in stride(from: 0, to: data.count, by: 3) {
                var copy = data
                copy[at] ^= 0xA5
                do {
                    _ = try ImageDecoder.decode(copy)
                } catch let XKCDError.badImage(message, _) {
                    #expect(!message.isEmpty)
                } catch {
                    Issue.record("\(name) with byte \(at) flipped: \(error)")
                }
            }
        }
    }
}
