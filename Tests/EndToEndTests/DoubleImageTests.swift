import Foundation
import TestSupport
import Testing
import XKCDKit

/// Double-resolution images through the binary: terminals that draw pixels and `save` get a
/// comic's `_2x` image, from the loopback server's #1084 on; below, the 404 is remembered and
/// the 1x image used.
@Suite(.serialized) final class DoubleImageTests {
    private let loopback: Loopback
    var server: XKCDTestServer { loopback.server }
    var xkcd: XKCDBinary { loopback.xkcd }

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
}
