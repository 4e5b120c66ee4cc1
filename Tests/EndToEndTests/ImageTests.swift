import Foundation
import TestSupport
import Testing

/// `image` and `show --image` through the built binary, against the loopback server's
/// images (Fixtures/imgs): every renderer, piping, bad images and bad options.
@Suite(.serialized) final class ImageTests: LoopbackSuite {
    let loopback: Loopback
    let python: Data

    init() throws {
        loopback = try Loopback()
        let images = ComicArchive.locateFixtures().appendingPathComponent("imgs")
        try loopback.server.serveImages(from: images)
        python = try Data(contentsOf: images.appendingPathComponent("comics/python.png"))
    }

    private func image(_ arguments: [String], environment: [String: String] = [:]) throws -> XKCDBinary.Run {
        try xkcd.run(
            ["image", "353"] + arguments,
            extraEnvironment: ["COLUMNS": "60", "LINES": "30"].merging(environment) { $1 })
    }

    @Test func pipedItIsPlainASCIIShadingThatFitsTheWidth() throws {
        let run = try image([])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(!run.stdout.utf8.contains(0x1B))
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines.count >= 10 && lines.count <= 28)
        // The panel's frame on top and bottom, and strokes inside it on a white page.
        let inked = { (line: Substring) in line.filter { $0 != " " }.count }
        #expect(inked(lines[0]) > 40 && inked(lines[lines.count - 1]) > 40)
        let inside = lines.dropFirst().dropLast().map { inked($0.dropFirst().dropLast()) }
        #expect(inside.reduce(0, +) > 100)
        #expect(inside.filter { $0 == 0 }.count < 3)
    }

    @Test func halfBlocksOnAnUnknownBackgroundAreInTheTerminalsOwnColours() throws {
        // Nothing reports the background here: black-on-white line art takes the terminal's
        // default colours, in true colour and in 256 alike, and no white paper.
        for environment in [["COLORTERM": "truecolor"], [:]] {
            let run = try image(["--renderer", "blocks"], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[39;49m") && $0.hasSuffix("\u{1B}[0m") })
            #expect(
                run.stdout.contains("▀") && !run.stdout.contains("\u{1B}[48;") && !run.stdout.contains("\u{1B}[38;"))
        }
    }

    @Test func kittyGetsThePNGItselfInChunks() throws {
        let run = try image(["--renderer", "kitty"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\u{1B}_Ga=T,f=100,"))
        var payload = ""
        for chunk in run.stdout.components(separatedBy: "\u{1B}_G").dropFirst() {
            let body = chunk.components(separatedBy: "\u{1B}\\")[0]
            let data = body.split(separator: ";", maxSplits: 1).last.map(String.init) ?? ""
            #expect(data.utf8.count <= 4096)
            payload += data
        }
        #expect(Data(base64Encoded: payload) == python)
    }

    @Test func jpegAndGIFComicsReachKittyAsPNGAndITermAsThemselves() throws {
        let fixtures = ComicArchive.locateFixtures().appendingPathComponent("images")
        for name in ["jpeg-progressive.jpg", "gif-animated.gif"] {
            let original = try Data(contentsOf: fixtures.appendingPathComponent(name))
            loopback.server.setImage(original, at: "/imgs/comics/tree_cropped_(1).jpg")
            try? FileManager.default.removeItem(at: xkcd.dataDirectory.appendingPathComponent("xkcd.sqlite3"))
            try? FileManager.default.removeItem(at: xkcd.dataDirectory.appendingPathComponent("images"))
            let kitty = try xkcd.run(["image", "2", "--renderer", "kitty"])
            #expect(kitty.status == 0, "\(name): \(kitty.stderr)")
            let payload = kitty.stdout.components(separatedBy: "\u{1B}_G").dropFirst()
                .map {
                    $0.components(separatedBy: "\u{1B}\\")[0].split(separator: ";", maxSplits: 1).last.map(String.init)
                        ?? ""
                }
                .joined()
            let png = Data(base64Encoded: payload) ?? Data()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name)")

            let iterm = try xkcd.run(["image", "2", "--renderer", "iterm"])
            #expect(iterm.stdout.contains(":" + original.base64EncodedString() + "\u{07}"), "\(name)")
        }
    }

    @Test func iTermGetsTheFileWithItsSize() throws {
        let run = try image(["--renderer", "iterm"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\u{1B}]1337;File=inline=1;size=\(python.count);"))
        #expect(run.stdout.contains(":" + python.base64EncodedString() + "\u{07}"))
    }

    @Test func sixelIsOneDeviceControlString() throws {
        let run = try image(["--renderer", "sixel"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\u{1B}P"))
        #expect(run.stdout.hasSuffix("\u{1B}\\\n"))
    }

    @Test func showImageGivesTheCardThenTheImage() throws {
        let run = try xkcd.run(
            ["show", "353", "--image", "--renderer", "ascii"], extraEnvironment: ["COLUMNS": "60", "LINES": "30"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("#353 · Python · 2007-12-05\n"))
        #expect(run.stdout.split(separator: "\n").count > 15)
    }

    @Test func widthOverridesTheTerminal() throws {
        let run = try image(["--width", "30", "--renderer", "ascii"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.map(\.count).max() == 30)
    }

    @Test func jsonDescribesTheImage() throws {
        let run = try xkcd.run(["--json", "image", "353"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["num"] as? Int == 353)
        #expect(object?["width"] as? Int == 518)
        #expect(object?["height"] as? Int == 588)
        #expect(object?["format"] as? String == "png")
        #expect(object?["bytes"] as? Int == python.count)
    }

    @Test func interactiveComicsPointToOpen() throws {
        let run = try xkcd.run(["image", "1608"])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.contains("'open 1608'"))
        #expect(run.stdout.isEmpty)
    }

    @Test func aCorruptImageIsOneErrorAndIsNotKept() throws {
        var broken = python.prefix(200)
        broken.append(Data(repeating: 0x41, count: 100))
        loopback.server.setImage(broken, at: "/imgs/comics/python.png")
        let bad = try image([])
        #expect(bad.status == 1)
        #expect(bad.errorLines.count == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("cannot show the image of #353"))
        #expect(bad.stdout.isEmpty)

        loopback.server.setImage(python, at: "/imgs/comics/python.png")
        let good = try image([])
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test func aTerminalThatReportsSixelGetsSixel() throws {
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["image", "353"], environment: xkcd.environment)
        _ = try terminal.waitFor("\u{1B}[c")
        terminal.send("\u{1B}[?1;0;16S\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;4;6;9;15;22c")
        let output = try terminal.waitFor("\u{1B}\\")
        #expect(try terminal.waitForExit() == 0)
        let sixel = output[output.range(of: "\u{1B}P")!.lowerBound...]
        // Sixteen colour registers at most, as the terminal said.
        #expect(!sixel.contains("#16;"))
        #expect(sixel.contains("#0;2;"))
    }

    @Test func aTerminalThatDoesNotAnswerGetsHalfBlocks() throws {
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["image", "353"], environment: xkcd.environment,
            columns: 60, rows: 30)
        let output = try terminal.waitFor("▀")
        #expect(try terminal.waitForExit() == 0)
        #expect(output.contains("\u{1B}[c"))
        #expect(!output.contains("\u{1B}P"))
    }

    @Test func aResizeTakesEffectOnTheNextCommand() throws {
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, environment: xkcd.environment, columns: 100, rows: 30)
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("show 353")
        let wide = try terminal.waitFor("xkcd> ").withoutEscapes
        #expect(
            wide.contains("\n  I wrote 20 short programs in Python yesterday. It was wonderful. Perl, I'm leaving you.")
        )
        terminal.resize(columns: 40, rows: 30)
        terminal.sendLine("show 353")
        _ = try terminal.waitFor("xkcd> ")
        let narrow = terminal.output.withoutEscapes
        #expect(narrow.contains("\nI wrote 20 short programs in Python\r\nyesterday."))
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [
            ["--renderer", "svg"], ["--width", "0"], ["--width", "wide"], ["--renderer"], ["--colour"],
        ] {
            let run = try image(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errorLines.count == 1, "\(arguments): \(run.stderr)")
        }
        let run = try xkcd.run(["show", "353", "--width", "20"])
        #expect(run.status == 2)
    }
}
