import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// xkcd's real comic images (the 254 of real-data beside the checkout: every GIF, JPEGs, the
/// largest files, odd names, PNGs at random) decoded and drawn by every renderer, at 60 columns.
@Suite struct RealImageTests {
    static let columns = 60

    /// The width and height a PNG, GIF or JPEG file's header gives, read here apart from the
    /// decoders; nil for anything else.
    static func headerSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data)
        func big(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]), b.count >= 24 {
            return (big(16) << 16 | big(18), big(20) << 16 | big(22))
        }
        if b.starts(with: Array("GIF8".utf8)), b.count >= 10 {
            return (Int(b[6]) | Int(b[7]) << 8, Int(b[8]) | Int(b[9]) << 8)
        }
        guard b.starts(with: [0xFF, 0xD8]) else { return nil }
        // Segment by segment to the first start of frame (SOF0-SOF15 but DHT, JPG and DAC).
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (big(i + 7), big(i + 5))
            }
            i += 2 + big(i + 2)
        }
        return nil
    }

    /// A 60-column terminal with cells of 8 x 16 pixels that speaks every protocol.
    static let facts = TerminalFacts(
        environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTTY: true, sixel: true,
        columns: columns, rows: 40, cellWidth: 8, cellHeight: 16)

    // `image` drawn with `renderer` on that terminal.
    static func drawn(_ image: ComicImage, with renderer: RendererChoice) -> String {
        var image = image
        image.options = ImageOptions(renderer: renderer, width: columns)
        return ImageComposer(facts: facts).render(image)
    }

    /// Every real image, decoded, as `image N` has it; with its file's name.
    static func decoded() throws -> [(name: String, image: ComicImage)] {
        try RealData().images().map { real in
            let data = try Data(contentsOf: real.file)
            let kind = try #require(ImageKind.detect(data), "\(real.name) is a PNG, JPEG or GIF")
            let comic = DisplayComic(
                Comic(
                    num: real.num, title: "Comic \(real.num)", safeTitle: "Comic \(real.num)", alt: "",
                    img: "https://imgs.xkcd.com/comics/\(real.name)", year: 2010, month: 1, day: 1))
            let image = ComicImage(
                comic: comic, data: data, kind: kind, raster: try ImageDecoder.decode(data), options: .init(),
                withCard: false)
            return (real.name, image)
        }
    }

    @Test func everyRealImageDecodesAtTheSizeItsHeaderGives() throws {
        let images = try RealData().images()
        let decoded = try Self.decoded()
        #expect(decoded.count == 254)
        var formats: [ImageKind: Int] = [:]
        for (real, (name, image)) in zip(images, decoded) {
            #expect(image.data.count == real.bytes, "\(name): the size the manifest gives")
            formats[image.kind, default: 0] += 1
            let header = try #require(Self.headerSize(image.data), "\(name)'s header")
            #expect(image.raster.width == header.width && image.raster.height == header.height, "\(name) decoded")
        }
        #expect(formats[.gif] == 5 && formats[.jpeg] == 33 && formats[.png] == 216, "\(formats)")
    }

    @Test(arguments: [RendererChoice.kitty, .iterm, .sixel, .blocks, .ascii])
    func everyRealImageDrawsWith(_ renderer: RendererChoice) throws {
        for (name, image) in try Self.decoded() {
            check(image, with: renderer, name: name)
        }
    }

    // The renderer's output has its protocol's shape and carries the picture.
    private func check(_ image: ComicImage, with renderer: RendererChoice, name: String) {
        switch renderer {
        case .kitty:
            let kitty = Self.drawn(image, with: .kitty)
            #expect(
                kitty.hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=")
                    && kitty.hasSuffix("m=0;" + kittyLastChunk(kitty) + "\u{1B}\\\n"))
            let png = Data(base64Encoded: kittyPayload(kitty))
            #expect(png.flatMap { try? ImageDecoder.decode($0) } != nil, "\(name): kitty is sent a PNG it can decode")

        case .iterm:
            let iterm = Self.drawn(image, with: .iterm)
            #expect(
                iterm.hasPrefix("\u{1B}]1337;File=inline=1;size=\(image.data.count);") && iterm.hasSuffix("\u{7}\n"))
            let sent = iterm.split(separator: ":").last.map { Data(base64Encoded: String($0.dropLast(2))) } ?? nil
            #expect(sent == image.data, "\(name): iTerm2 is sent the file itself")

        case .sixel:
            // Placed in rows made for it first, as the cells' size is known.
            let drawn = Self.drawn(image, with: .sixel)
            let head = "\u{1B}P0;1;0q\"1;1;"
            let start = drawn.range(of: head)
            #expect(start != nil && drawn.contains("\u{1B}\\\u{1B}8") && drawn.contains("#0;2;"), "\(name)")
            // The raster's size, `"1;1;W;H`: the picture's shape, scaled.
            let sixel = start.map { drawn[$0.upperBound...] } ?? ""
            let size = sixel.prefix { $0 != "#" }.split(separator: ";").compactMap { Int($0) }
            let ratio = Double(image.raster.width) / Double(image.raster.height)
            #expect(
                size.count == 2
                    && abs(Double(size[0]) / Double(max(1, size[1])) - ratio) < 0.05 * ratio + 2 / Double(size[1]),
                "\(name): sixel raster \(size) for \(image.raster.width)x\(image.raster.height)")

        case .blocks:
            let fit = ImageFit(
                imageWidth: image.raster.width, imageHeight: image.raster.height, for: .blocks, facts: Self.facts,
                width: Self.columns)
            let blocks = Self.drawn(image, with: .blocks).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast()
            #expect(blocks.count == fit.rows, "\(name): half-block rows")
            #expect(blocks.allSatisfy { DisplayWidth.of(Self.withoutEscapes($0)) <= Self.columns })
            #expect(blocks.contains { $0.contains("▀") || $0.contains("▄") }, "\(name): half blocks drawn")

        case .ascii, .auto:
            let ascii = Self.drawn(image, with: .ascii).split(separator: "\n").map(String.init)
            #expect(
                !ascii.isEmpty && ascii.allSatisfy { $0.count <= Self.columns && $0.allSatisfy(\.isASCII) }, "\(name)")
            #expect(ascii.contains { $0.contains { $0 != " " } }, "\(name): ink shows in ASCII")
        }
    }

    // `line` without its CSI escapes (the colours of half blocks).
    static func withoutEscapes(_ line: Substring) -> String {
        var out = ""
        var inEscape = false
        for scalar in line.unicodeScalars {
            if scalar == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if ("@"..."~").contains(scalar), scalar != "[" { inEscape = false }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // The base64 of a kitty sequence's chunks, joined.
    private func kittyPayload(_ sequence: String) -> String {
        sequence.components(separatedBy: "\u{1B}\\").compactMap { chunk in
            chunk.firstIndex(of: ";").map { String(chunk[chunk.index(after: $0)...]) }
        }.joined()
    }

    // The base64 of a kitty sequence's last chunk.
    private func kittyLastChunk(_ sequence: String) -> String {
        let chunks = sequence.components(separatedBy: "\u{1B}\\").dropLast()
        return chunks.last.flatMap { chunk in chunk.firstIndex(of: ";").map { String(chunk[chunk.index(after: $0)...]) }
        }
            ?? ""
    }
}
