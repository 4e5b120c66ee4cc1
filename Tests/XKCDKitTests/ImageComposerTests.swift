import Foundation
import Testing

@testable import XKCDKit

@Suite struct ImageComposerTests {
    let image: ComicImage

    init() throws {
        let raster = RasterImage(
            width: 4, height: 4, pixels: (0..<16).flatMap { i in i % 5 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] })
        let png = try PNGEncoder.encode(raster)
        let comic = DisplayComic(
            Comic(
                num: 353, title: "Python", safeTitle: "Python", alt: "", img: "https://imgs.xkcd.com/comics/python.png",
                year: 2007, month: 12, day: 5))
        image = ComicImage(
            comic: comic, data: png, kind: .png, raster: raster, options: ImageOptions(), withCard: false)
    }

    private func render(
        _ environment: [String: String], tty: Bool = true, renderer: RendererChoice? = nil, sixel: Bool = false
    ) -> String {
        var image = image
        image.options.renderer = renderer
        return ImageComposer(
            facts: TerminalFacts(environment: environment, isTTY: tty, sixel: sixel, columns: 80, rows: 24)
        ).render(image)
    }

    @Test func theTerminalDecides() {
        #expect(render(["TERM": "xterm-kitty"]).hasPrefix("\u{1B}_Ga=T,f=100,q=2,"))
        #expect(
            render(["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"]).hasPrefix("\u{1B}]1337;File=inline=1;"))
        #expect(render(["TERM": "xterm-256color"], sixel: true).hasPrefix("\u{1B}P"))
        #expect(render(["TERM": "xterm-256color", "COLORTERM": "truecolor"]).hasPrefix("\u{1B}[39;49m"))
        #expect(render(["TERM": "xterm-256color"]).hasPrefix("\u{1B}[39;49m"))
        #expect(render(["TERM": "dumb"]) == "**  \n  **\n")
        #expect(render(["TERM": "xterm-kitty"], tty: false) == "**  \n  **\n")
    }

    @Test func lineArtOnAnUnknownBackgroundIsInTheTerminalsOwnColours() {
        // Black on white, 4 x 4: ink in the default foreground, paper the default background,
        // whatever the theme; with the background reported, light-on-dark colours again.
        var facts = TerminalFacts(
            environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "TMUX": "/tmp/s,1,0"], isTTY: true,
            columns: 4, rows: 24)
        var image = image
        image.options.width = 4
        for dark in [nil, false, true] {
            facts.darkBackground = dark
            #expect(
                ImageComposer(facts: facts).render(image)
                    == "\u{1B}[39;49m\u{2580}\u{2584}  \u{1B}[0m\n\u{1B}[39;49m  \u{2580}\u{2584}\u{1B}[0m\n",
                "dark: \(String(describing: dark))")
        }
        facts.darkBackground = true
        facts.background = TerminalBackground(red: 0x1E, green: 0x1E, blue: 0x1E)
        #expect(ImageComposer(facts: facts).render(image).contains("\u{1B}[38;2;255;255;255m"))
    }

    @Test func aSixelPictureLeavesTheCursorBelowItInEveryTerminal() {
        // 40 x 60 pixels in cells of 10 x 20: three rows. xterm leaves the cursor on a sixel
        // image's last row and mlterm below it, so the rows are made first, the cursor is saved
        // on the first, and newlines from there go below the picture.
        var image = image
        image.raster = ImageScaler.scale(image.raster, width: 40, height: 60)
        image.options.renderer = .sixel
        var facts = TerminalFacts(environment: ["TERM": "xterm"], isTTY: true, sixel: true, columns: 80, rows: 24)
        (facts.cellWidth, facts.cellHeight) = (10, 20)
        let drawn = ImageComposer(facts: facts).render(image)
        #expect(drawn.hasPrefix("\n\n\n\u{1B}[3A\u{1B}7\u{1B}P"), "\(drawn.prefix(20).debugDescription)")
        #expect(drawn.hasSuffix("\u{1B}\\\u{1B}8\n\n\n"))
        // Where the cells' size is not known, neither are the rows: the picture is as it was.
        (facts.cellWidth, facts.cellHeight) = (nil, nil)
        let unplaced = ImageComposer(facts: facts).render(image)
        #expect(unplaced.hasPrefix("\u{1B}P") && unplaced.hasSuffix("\u{1B}\\\n"))
    }

    @Test func insideTmuxForcedGraphicsArePassedThroughAndAutoIsHalfBlocks() {
        let tmux = ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]
        #expect(render(tmux).contains("▀") || render(tmux).contains("\u{1B}[48;5;"))
        let forced = render(tmux, renderer: .kitty)
        // Its rows made first (a 2 x 2 image in one row), the writer's wait for tmux to have
        // drawn them, then it, then tmux's cursor below it.
        #expect(forced.hasPrefix("\n\u{1B}[1A\u{1B}[6n\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=100"))
        #expect(forced.hasSuffix("\u{1B}\\\n"))
        // Where tmux said the pane and its cursor are, each piece is led there.
        var facts = TerminalFacts(environment: tmux, isTTY: true)
        facts.tmuxPane = TmuxPassthrough.Pane(top: 3, left: 10, height: 20, cursorRow: 5)
        var kitty = image
        kitty.options = ImageOptions(renderer: .kitty)
        #expect(
            ImageComposer(facts: facts).render(kitty).hasPrefix(
                "\n\u{1B}[1A\u{1B}[6n\u{1B}Ptmux;\u{1B}\u{1B}[9;11H\u{1B}\u{1B}_Ga=T,f=100"))
    }

    @Test func theWaitForTmuxEndsWithACursorReport() {
        #expect(TmuxPassthrough.isCursorReport(Array("\u{1B}[24;1R".utf8)))
        #expect(TmuxPassthrough.isCursorReport(Array("typed\u{1B}[5;80R".utf8)))
        #expect(!TmuxPassthrough.isCursorReport(Array("\u{1B}[24;1".utf8)), "not all of it yet")
        #expect(!TmuxPassthrough.isCursorReport(Array("\u{1B}[?62;22c".utf8)))
        #expect(!TmuxPassthrough.isCursorReport([]))
    }

    @Test func kittyGetsPNGEvenFromAJPEGComic() throws {
        var jpeg = image
        jpeg.kind = .jpeg
        jpeg.data = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let text = ImageComposer(facts: TerminalFacts(environment: ["TERM": "xterm-kitty"], isTTY: true)).render(jpeg)
        let payload = text.dropFirst(text.distance(from: text.startIndex, to: text.firstIndex(of: ";")!) + 1)
            .prefix { $0 != "\u{1B}" }
        #expect(try ImageDecoder.decode(Data(base64Encoded: String(payload)) ?? Data()) == image.raster)
    }

    @Test func theWidthOptionWins() {
        var wide = image
        wide.options = ImageOptions(renderer: .ascii, width: 12)
        let lines = ImageComposer(facts: TerminalFacts(environment: [:], isTTY: false, columns: 80, rows: 24)).render(
            wide
        )
        .split(separator: "\n")
        #expect(lines.allSatisfy { $0.count == 12 })
        #expect(lines.count == 6)
    }

    @Test func graphicsRepliesAreReadInAnyOrderAmongOtherBytes() {
        let vt340 = GraphicsReply(
            parsing: Array("x\u{1B}[?1;0;16S\u{1B}[?2;0;800;480S\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
        #expect(
            vt340
                == {
                    var r = GraphicsReply()
                    r.sixel = true
                    r.colorRegisters = 16
                    r.maxWidth = 800
                    r.maxHeight = 480
                    return r
                }())
        #expect(GraphicsReply.isComplete(Array("\u{1B}[?63;1;2;4;6;9;15;22c".utf8)))
        #expect(!GraphicsReply.isComplete(Array("\u{1B}[?1;0;16S\u{1B}[?63;1".utf8)))
        // Class 4 is not the sixel attribute; a failed XTSMGRAPHICS (status 3) says nothing.
        #expect(GraphicsReply(parsing: Array("\u{1B}[?4;1c".utf8)).sixel == false)
        #expect(GraphicsReply(parsing: Array("\u{1B}[?1;3;0S\u{1B}[?62;1c".utf8)) == GraphicsReply())
        #expect(GraphicsReply(parsing: Array("\u{1B}[?99999999999999999999;4c".utf8)).sixel)
    }
}
