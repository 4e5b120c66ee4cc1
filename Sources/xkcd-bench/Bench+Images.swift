import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// The median time to decode a `width` x `height` PNG line drawing and draw it with
    /// `renderer` on a 120×50 truecolor terminal (sixel with 10×20-pixel cells), inverted
    /// first when `dark`.
    func imageLatency(
        width: Int = 740, height: Int = 1000, renderer: ImageProtocol = .blocks, dark: Bool = false
    ) throws -> Double {
        let png = SyntheticPNG.make(width: width, height: height, seed: 353)
        var facts = TerminalFacts(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTTY: true,
            sixel: renderer == .sixel, columns: 120, rows: 50, cellWidth: 10, cellHeight: 20)
        facts.darkBackground = dark
        let composer = ImageComposer(facts: facts)
        let comic = DisplayComic(
            Comic(num: 353, title: "Python", safeTitle: "Python", alt: "", img: "", year: 2007, month: 12, day: 5))
        let mark = renderer == .sixel ? "\u{1B}P" : "\u{2580}"
        var times: [Double] = []
        for round in 0..<55 {
            let t = try Measure.time {
                let raster = try ImageDecoder.decode(png)
                let image = ComicImage(
                    comic: comic, data: png, kind: .png, raster: raster,
                    options: ImageOptions(renderer: renderer), withCard: false)
                guard composer.render(image).contains(mark) else { throw BenchError("nothing drawn") }
            }
            if round >= 5 { times.append(t) }
        }
        return Measure.median(times)
    }
}
