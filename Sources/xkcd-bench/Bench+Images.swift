import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// A 2x comic drawn light and dark in each renderer that decodes and redraws it.
    func imageRows(into table: inout Table) throws {
        log("image …")
        let doubled = try Self.doubledComic()
        for (renderer, dark) in [(ImageProtocol.blocks, false), (.blocks, true), (.sixel, true), (.kitty, true)] {
            table.add(
                "`image`: a 1480×2000 2x comic PNG decoded\(dark ? ", inverted for a dark terminal" : "") and drawn as "
                    + "\(renderer.rawValue) (median of 50)",
                ours: try imageLatency(doubled, renderer: renderer, dark: dark), floor: nil, floorName: "—",
                goal: .absolute(0.100))
        }
    }

    /// The stand-in for a real 2x comic: 1480×2000 lettered line art, written with adaptive
    /// filters at deflate level 9 as xkcd's images are.
    static func doubledComic() throws -> Data {
        try Data(
            contentsOf: ComicArchive.locateFixtures().appendingPathComponent("imgs/comics/tall_comic_2x.png"))
    }

    /// The median time to decode `png` (a 2x comic) and draw it with `renderer` on a 120×50
    /// truecolor terminal (sixel and kitty with 10×20-pixel cells), inverted first when `dark`.
    func imageLatency(_ png: Data, renderer: ImageProtocol = .blocks, dark: Bool = false) throws -> Double {
        var facts = TerminalFacts(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTTY: true,
            sixel: renderer == .sixel, columns: 120, rows: 50, cellWidth: 10, cellHeight: 20)
        facts.darkBackground = dark
        let composer = ImageComposer(facts: facts)
        let comic = DisplayComic(
            Comic(num: 353, title: "Python", safeTitle: "Python", alt: "", img: "", year: 2007, month: 12, day: 5))
        let mark = [.sixel: "\u{1B}P", .kitty: "\u{1B}_G"][renderer] ?? "\u{2580}"
        var times: [Double] = []
        for round in 0..<55 {
            let t = try Measure.time {
                let raster = try ImageDecoder.decode(png)
                let image = ComicImage(
                    comic: comic, data: png, kind: .png, raster: raster,
                    options: ImageOptions(renderer: RendererChoice(rawValue: renderer.rawValue)), withCard: false,
                    doubled: true)
                guard composer.render(image).contains(mark) else { throw BenchError("nothing drawn") }
            }
            if round >= 5 { times.append(t) }
        }
        return Measure.median(times)
    }
}
