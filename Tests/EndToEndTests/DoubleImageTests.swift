import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// Double-resolution images through the binary: terminals that draw pixels and `save` get a
/// comic's `_2x` image, from the loopback server's #1084 on; below, the 404 is remembered and
/// the 1x image used.
@Suite(.serialized) final class DoubleImageTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
    }

    // The width a PNG file's header gives.
    func pngWidth(_ file: URL) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: file))
        return bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }

    func doubledRequests() -> [String] { server.requestLog.filter { $0.contains("_2x.") } }

    @Test func saveTakesTheDoubleImageAndFallsBackWhereThereIsNone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-2x-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try xkcd.run(["save", "1333", directory.appendingPathComponent("date.png").path]).status == 0)
        #expect(try pngWidth(directory.appendingPathComponent("date.png")) == 240, "twice the 1x's 120")
        #expect(doubledRequests().count == 1)
        let python = directory.appendingPathComponent("python.png")
        #expect(try xkcd.run(["save", "353", python.path]).status == 0)
        #expect(
            try Data(contentsOf: python)
                == Data(contentsOf: ComicArchive.locateFixtures().appendingPathComponent("imgs/comics/python.png")))
        #expect(doubledRequests().count == 2, "#353's _2x was asked for once: 404")
        #expect(try xkcd.run(["save", "353", python.path, "--force"]).status == 0)
        #expect(doubledRequests().count == 2, "a comic without one is not asked again")
    }

    @Test func pixelTerminalsUpgradeAStoredImageAndHalfBlocksUseWhatIsStored() throws {
        #expect(try xkcd.run(["image", "2000", "--renderer", "blocks"]).status == 0)
        #expect(doubledRequests().isEmpty, "half-blocks take the 1x")
        let kitty = try xkcd.run(["image", "2000", "--renderer", "kitty"])
        #expect(kitty.status == 0 && kitty.stdout.hasPrefix("\u{1B}_G"), "\(kitty.stderr)")
        #expect(doubledRequests().count == 1, "the stored 1x is replaced by the 2x")
        server.resetCounters()
        #expect(try xkcd.run(["--offline", "image", "2000", "--renderer", "sixel"]).status == 0)
        #expect(try xkcd.run(["image", "2000", "--renderer", "iterm"]).status == 0)
        #expect(server.requestLog.isEmpty, "the 2x is stored: nothing is asked again")
        let stats = try JSONReader.parse(Array(try xkcd.run(["--json", "cache"]).stdout.utf8))
        #expect(stats["images"]?.integer == 1)
    }

    @Test func theDoubleImageTakesTheCellsAndPixelsOfItsSingleOne() throws {
        // What a kitty escape gives (its columns) and a sixel image's raster size.
        func columns(_ output: String) -> Substring? {
            output.firstRange(of: ",c=").map { output[$0.upperBound...].prefix { $0.isNumber } }
        }
        func raster(_ output: String) -> Substring? {
            output.firstRange(of: "q\"1;1;").map { output[$0.upperBound...].prefix { $0.isNumber || $0 == ";" } }
        }
        #expect(try xkcd.run(["image", "1333", "--renderer", "blocks"]).status == 0, "the 1x is stored")
        let single = try xkcd.run(["--offline", "image", "1333", "--renderer", "kitty"]).stdout
        let singleSixel = try xkcd.run(["--offline", "image", "1333", "--renderer", "sixel"]).stdout
        #expect(doubledRequests().isEmpty)
        let double = try xkcd.run(["image", "1333", "--renderer", "kitty"]).stdout
        #expect(doubledRequests().count == 1, "the 2x replaces the 1x")
        let doubleSixel = try xkcd.run(["--offline", "image", "1333", "--renderer", "sixel"]).stdout
        #expect(columns(single) != nil && columns(double) == columns(single), "the 2x is sharper, not bigger")
        #expect(raster(singleSixel) != nil && raster(doubleSixel) == raster(singleSixel))
    }

    @Test func onTerminalsThatReportTheirCellsTheDoubleImageTakesItsSingleOnesCells() throws {
        #expect(try xkcd.run(["image", "1333", "--renderer", "blocks"]).status == 0, "the 1x is stored")
        // What each protocol is told: kitty's columns and rows, iTerm2's width and height in
        // cells, and a sixel image's raster size in pixels.
        func drawn(_ renderer: String, cells: (width: UInt16, height: UInt16), offline: Bool) throws -> (Int, Int) {
            var environment = xkcd.environment
            environment["XKCD_THEME"] = "light"
            let terminal = try PseudoTerminal(
                executable: XKCDBinary.url,
                arguments: (offline ? ["--offline"] : []) + ["image", "1333", "--renderer", renderer],
                environment: environment, columns: 100, rows: 40, cellPixels: cells)
            #expect(try terminal.waitForExit() == 0)
            let output = terminal.output
            let size: Regex<(Substring, Substring, Substring)> =
                switch renderer {
                case "kitty": /,c=(\d+),r=(\d+)/
                case "iterm": /width=(\d+);height=(\d+)/
                default: /q"1;1;(\d+);(\d+)/
                }
            let match = try #require(output.firstMatch(of: size), "\(output.prefix(80).debugDescription)")
            return (Int(match.1) ?? 0, Int(match.2) ?? 0)
        }
        // The 1x is 120 x 90 pixels and the 2x 240 x 180.
        var single: [String: (Int, Int)] = [:]
        for renderer in ["kitty", "iterm", "sixel"] {
            single[renderer] = try drawn(renderer, cells: (9, 20), offline: true)
        }
        #expect(doubledRequests().isEmpty)
        _ = try drawn("kitty", cells: (9, 20), offline: false)
        #expect(doubledRequests().count == 1, "the 2x replaces the 1x")
        for renderer in ["kitty", "iterm", "sixel"] {
            let normal = try drawn(renderer, cells: (9, 20), offline: true)
            let hiDPI = try drawn(renderer, cells: (18, 40), offline: true)
            #expect(single[renderer].map { $0 == normal } == true, "\(renderer): the 2x is sharper, not bigger")
            if renderer == "sixel" {
                #expect(normal == (120, 90) && hiDPI == (240, 180), "pixels halved, and one to one on HiDPI")
            } else {
                // Whole cells of 9 x 20 within a row's rounding of the 4:3 picture, and the same
                // cells on a HiDPI screen, whose cells are twice the size.
                #expect(abs(Double(normal.1 * 20) / Double(normal.0 * 9) - 0.75) < 10.0 / Double(normal.0 * 9))
                #expect(hiDPI == normal, "\(renderer) on HiDPI: \(hiDPI)")
            }
        }
    }
}
