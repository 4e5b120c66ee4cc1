import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Dark terminals: the background a terminal reports, `--theme`, and black-on-white comics
/// drawn light-on-dark while colour comics stay as they are.
@Suite struct DarkThemeTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func osc11AnswersInEveryShape() {
        #expect(TerminalBackground(osc11: bytes("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"))?.isDark == true)
        #expect(TerminalBackground(osc11: bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}"))?.isDark == false)
        #expect(
            TerminalBackground(osc11: bytes("\u{1B}[?62;4c\u{1B}]11;rgb:1e/1e/2e\u{07}"))
                == TerminalBackground(red: 30, green: 30, blue: 46))
        #expect(
            TerminalBackground(osc11: bytes("\u{1B}]11;rgb:fdf6/e3e3/d5d5\u{1B}\\"))?.isDark == false, "solarized light"
        )
        #expect(TerminalBackground(osc11: bytes("\u{1B}]11;rgb:zz/00/00\u{07}")) == nil)
        #expect(TerminalBackground(osc11: bytes("\u{1B}[?62;c")) == nil, "a terminal that does not answer OSC 11")
    }

    @Test func colorFgBgNamesAPaletteEntry() {
        #expect(TerminalBackground(colorFgBg: "15;0")?.isDark == true)
        #expect(TerminalBackground(colorFgBg: "0;15")?.isDark == false)
        #expect(TerminalBackground(colorFgBg: "12;default;8")?.isDark == true)
        #expect(TerminalBackground(colorFgBg: "0;7")?.isDark == false)
        #expect(TerminalBackground(colorFgBg: "default") == nil)
        #expect(TerminalBackground(colorFgBg: nil) == nil)
    }

    @Test func theThemeDecidesThenTheTerminalThenTheEnvironment() {
        let dark = TerminalBackground(red: 0, green: 0, blue: 0)
        #expect(Theme.dark.isDark(reported: nil, environment: [:]) == true)
        #expect(Theme.light.isDark(reported: dark, environment: [:]) == false)
        #expect(Theme.auto.isDark(reported: dark, environment: ["COLORFGBG": "0;15"]) == true)
        #expect(Theme.auto.isDark(reported: nil, environment: ["COLORFGBG": "15;0"]) == true)
        #expect(Theme.auto.isDark(reported: nil, environment: [:]) == nil)
        let reply = GraphicsReply(parsing: bytes("\u{1B}]11;rgb:2828/2c2c/3434\u{1B}\\\u{1B}[?62;22c"))
        #expect(reply.background?.isDark == true && !reply.sixel)
    }

    @Test func themeIsAGlobalOptionAndAnEnvironmentVariable() throws {
        #expect(
            try GlobalOptions.parse(arguments: ["--theme", "dark", "image"], environment: [:]).settings.theme == .dark)
        #expect(
            try GlobalOptions.parse(arguments: ["image"], environment: ["XKCD_THEME": "light"]).settings.theme == .light
        )
        #expect(try GlobalOptions.parse(arguments: [], environment: [:]).settings.theme == .auto)
        #expect(throws: UsageError("--theme takes one of auto, dark, light, not 'purple'")) {
            try GlobalOptions.parse(arguments: ["--theme", "purple"], environment: [:])
        }
    }

    // A 40×40 line drawing: black strokes on white, or the same strokes in red and blue.
    static func drawing(coloured: Bool) -> RasterImage {
        var pixels: [UInt8] = []
        for y in 0..<40 {
            for x in 0..<40 {
                let stroke = x == y || x == 20 || y == 10
                let ink: [UInt8] = coloured ? (x < 20 ? [220, 30, 30, 255] : [30, 30, 220, 255]) : [0, 0, 0, 255]
                pixels += stroke ? ink : coloured ? [250, 240, 120, 255] : [255, 255, 255, 255]
            }
        }
        return RasterImage(width: 40, height: 40, pixels: pixels)
    }

    @Test func greyDrawingsAreInvertedAndColourOnesAreNot() {
        let grey = Self.drawing(coloured: false)
        #expect(ImageTone.isGrey(grey))
        #expect(!ImageTone.isGrey(Self.drawing(coloured: true)))
        let turned = ImageTone.inverted(grey)
        #expect(turned.pixel(x: 1, y: 0) == (0, 0, 0, 255), "white paper becomes black")
        #expect(turned.pixel(x: 0, y: 0) == (255, 255, 255, 255), "black ink becomes white")
        // On a terminal that reported its background, that is the paper.
        let paper = TerminalBackground(red: 0x1E, green: 0x1E, blue: 0x1E)
        let onPaper = ImageTone.inverted(grey, paper: paper)
        #expect(onPaper.pixel(x: 1, y: 0) == (0x1E, 0x1E, 0x1E, 255), "white paper becomes the terminal's own")
        #expect(onPaper.pixel(x: 0, y: 0) == (255, 255, 255, 255), "black ink still becomes white")
    }

    @Test func aReportedBackgroundIsThePaperOfAnInvertedDrawing() throws {
        var facts = TerminalFacts(environment: ["TERM": "xterm-256color"], isTTY: true, columns: 80, rows: 40)
        facts.darkBackground = true
        facts.background = TerminalBackground(red: 0x1E, green: 0x1E, blue: 0x1E)
        let drawing = Self.drawing(coloured: false)
        let image = ComicImage(
            comic: DisplayComic(
                Comic(num: 1, title: "T", safeTitle: "T", alt: "", img: "", year: 2020, month: 1, day: 1)),
            data: try PNGEncoder.encode(drawing), kind: .png, raster: drawing,
            options: ImageOptions(renderer: .blocks), withCard: false)
        let drawn = ImageComposer(facts: facts).render(image)
        // Half blocks in 256 colours: the paper is the terminal's default background, not the
        // palette's grey nearest #1e1e1e, nor black.
        let paper = Xterm256.index(r: 0x1E, g: 0x1E, b: 0x1E)
        #expect(drawn.contains("\u{1B}[49m"), "the terminal's own background")
        #expect(!drawn.contains("48;5;\(paper)m") && !drawn.contains("48;5;16m"), "no box of another grey")
        // Dark but of no known colour (XKCD_THEME=dark, no OSC 11 answer): the terminal's own
        // colours, not a blend toward a guessed black.
        facts.background = nil
        let unknown = ImageComposer(facts: facts).render(image)
        #expect(unknown.hasPrefix("\u{1B}[39;49m"), "\(unknown.prefix(20).debugDescription)")
        #expect(!unknown.contains("\u{1B}[38;") && !unknown.contains("\u{1B}[48;"), "no colour of its own")
    }

    @Test func anInvertedPictureForKittyIsMadeNoLargerThanItIsShown() throws {
        // A 2x drawing of 400×400 pixels, shown in the cells its 1x takes: 20×10 cells of 10×20.
        let drawing = ImageScaler.scale(Self.drawing(coloured: false), width: 400, height: 400)
        let image = ComicImage(
            comic: DisplayComic(
                Comic(num: 1084, title: "T", safeTitle: "T", alt: "", img: "", year: 2020, month: 1, day: 1)),
            data: try PNGEncoder.encode(drawing), kind: .png, raster: drawing,
            options: ImageOptions(renderer: .kitty), withCard: false, doubled: true)
        var facts = TerminalFacts(environment: ["TERM": "xterm-kitty"], isTTY: true, columns: 80, rows: 40)
        facts.darkBackground = true
        func sent(_ facts: TerminalFacts) throws -> RasterImage {
            let text = ImageComposer(facts: facts).render(image)
            #expect(text.hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=20,r=10"))
            let chunks = text.dropLast().components(separatedBy: "\u{1B}\\").dropLast()
            let payload = chunks.map { String($0[$0.index(after: $0.firstIndex(of: ";")!)...]) }.joined()
            return try ImageDecoder.decode(try #require(Data(base64Encoded: payload)))
        }
        (facts.cellWidth, facts.cellHeight) = (10, 20)
        let shown = try sent(facts)
        #expect((shown.width, shown.height) == (200, 200), "the pixels the cells show")
        #expect(ImageTone.isGrey(drawing) && !ImageTone.isGrey(shown), "inverted: mostly dark now")
        // Cells of an unknown size: the terminal is sent every pixel, to scale as it shows them.
        (facts.cellWidth, facts.cellHeight) = (nil, nil)
        let whole = try sent(facts)
        #expect((whole.width, whole.height) == (400, 400))
    }

    // The share of a half-block drawing's cells whose background colour is dark, on a terminal
    // whose own background is dark, light or unknown (light) as `dark` says.
    func darkShare(_ drawing: RasterImage, dark: Bool?) throws -> Double {
        let image = ComicImage(
            comic: DisplayComic(
                Comic(num: 1, title: "T", safeTitle: "T", alt: "", img: "", year: 2020, month: 1, day: 1)),
            data: try PNGEncoder.encode(drawing), kind: .png, raster: drawing, options: ImageOptions(), withCard: false)
        var facts = TerminalFacts(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTTY: true, columns: 40, rows: 40)
        facts.darkBackground = dark
        let text = ImageComposer(facts: facts).render(image)
        return HalfBlockCells.darkShare(text, darkTerminal: dark == true)
    }

    @Test func mostlyDarkGreyImagesAndASCIIAreNotTurnedOver() throws {
        #expect(!ImageTone.isGrey(ImageTone.inverted(Self.drawing(coloured: false))), "white on black stays")
        let grey = Self.drawing(coloured: false)
        let image = ComicImage(
            comic: DisplayComic(
                Comic(num: 1, title: "T", safeTitle: "T", alt: "", img: "", year: 2020, month: 1, day: 1)),
            data: try PNGEncoder.encode(grey), kind: .png, raster: grey, options: ImageOptions(renderer: .ascii),
            withCard: false)
        var facts = TerminalFacts(environment: ["TERM": "dumb"], isTTY: true, columns: 40, rows: 40)
        let light = ImageComposer(facts: facts).render(image)
        facts.darkBackground = true
        #expect(ImageComposer(facts: facts).render(image) == light, "glyphs in a light text colour are light already")
    }

    @Test func theCABundleIsReadAsCurlReadsIt() {
        #expect(CurlTransport.caBundle(in: ["SSL_CERT_FILE": "/a.pem"]) == "/a.pem")
        #expect(CurlTransport.caBundle(in: ["SSL_CERT_FILE": "/a.pem", "CURL_CA_BUNDLE": "/b.pem"]) == "/b.pem")
        #expect(CurlTransport.caBundle(in: ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/a.pem"]) == "/a.pem")
        #expect(CurlTransport.caBundle(in: [:]) == nil)
    }

    @Test func onADarkTerminalABlackOnWhiteComicIsMostlyDark() throws {
        let grey = Self.drawing(coloured: false)
        #expect(try darkShare(grey, dark: true) > 0.5)
        #expect(try darkShare(grey, dark: false) < 0.5)
        #expect(try darkShare(grey, dark: nil) < 0.5, "unknown: drawn as it is")
        let colour = Self.drawing(coloured: true)
        #expect(try darkShare(colour, dark: true) == (try darkShare(colour, dark: false)), "colour is never inverted")
    }
}
