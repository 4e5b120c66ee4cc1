import Foundation
import TestSupport
import Testing

/// Half-blocks on a terminal that reports its cells' size in pixels, as kitty and mlterm do.
@Suite struct CellShapeTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
    }

    @Test func halfBlocksOnTallCellsKeepThePicturesShape() throws {
        #expect(try xkcd.run(["image", "353", "--renderer", "blocks"]).status == 0, "the image is stored")
        let square = try picture(cells: (8, 16))
        let tall = try picture(cells: (8, 19))
        // The picture's height over its width on the screen, in pixels.
        func shape(_ size: (columns: Int, rows: Int), _ cell: (width: Int, height: Int)) -> Double {
            Double(size.rows * cell.height) / Double(size.columns * cell.width)
        }
        let expected = shape(square, (8, 16))
        // Within a row's rounding of the shape on two-to-one cells; one as tall cells make it,
        // 19/16 of that, is not.
        let slack = expected / Double(tall.rows)
        #expect(tall.rows < square.rows || tall.columns > square.columns, "tall: \(tall), square: \(square)")
        #expect(abs(shape(tall, (8, 19)) - expected) <= slack, "tall: \(tall), square: \(square)")
    }

    // The columns and rows of `image 353` in half-blocks on a 60 x 100 terminal of `cells`.
    private func picture(cells: (width: UInt16, height: UInt16)) throws -> (columns: Int, rows: Int) {
        var environment = xkcd.environment
        environment["XKCD_THEME"] = "light"
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["--offline", "image", "353", "--renderer", "blocks"],
            environment: environment, columns: 60, rows: 100, cellPixels: cells)
        #expect(try terminal.waitForExit() == 0)
        let rows = terminal.output.withoutEscapes.split(separator: "\r\n").filter {
            $0.contains { "▀▄█".contains($0) }
        }
        return (rows.map { $0.count }.max() ?? 0, rows.count)
    }
}
