import Foundation
import TestSupport
import Testing

/// `image` on a pseudo-terminal that answers OSC 11 with a dark colour, a light one, or not at
/// all: #353 (black on white) is drawn light-on-dark only on the dark one.
@Suite(.serialized) final class DarkTerminalTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
    }

    // The share of the half-block cells that look dark on a terminal whose own background is
    // dark or not as `terminalIsDark` says, after answering the terminal's queries with `answer`
    // (nil: only the device attributes every terminal sends).
    func darkShare(answering answer: String?, extra: [String: String] = [:], terminalIsDark: Bool) throws -> Double {
        var environment = xkcd.environment.merging(extra) { $1 }
        environment["COLORTERM"] = "truecolor"
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["image", "353", "--renderer", "blocks"], environment: environment,
            columns: 80, rows: 40)
        // With the theme given, nothing is asked.
        if extra["XKCD_THEME"] == nil {
            _ = try terminal.waitFor("\u{1B}[c")
            terminal.send((answer ?? "") + "\u{1B}[?62;22c")
        }
        let output = try terminal.waitFor("▀")
        #expect(try terminal.waitForExit() == 0)
        let drawn = output + terminal.output
        #expect(drawn.contains("▀"))
        return HalfBlockCells.darkShare(drawn, darkTerminal: terminalIsDark)
    }

    @Test func aDarkTerminalGetsTheComicLightOnDark() throws {
        #expect(try darkShare(answering: "\u{1B}]11;rgb:1e1e/1e1e/1e1e\u{1B}\\", terminalIsDark: true) > 0.5)
    }

    @Test func aLightTerminalGetsItAsItIs() throws {
        #expect(try darkShare(answering: "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", terminalIsDark: false) < 0.5)
    }

    @Test func aTerminalThatDoesNotSayGetsItAsItIsUnlessColorFgBgSaysDark() throws {
        #expect(try darkShare(answering: nil, terminalIsDark: false) < 0.5)
        #expect(try darkShare(answering: nil, extra: ["COLORFGBG": "15;0"], terminalIsDark: true) > 0.5)
    }

    @Test func theThemeOverridesTheTerminal() throws {
        #expect(
            try darkShare(answering: nil, extra: ["XKCD_THEME": "light", "COLORFGBG": "15;0"], terminalIsDark: false)
                < 0.5)
        #expect(try darkShare(answering: nil, extra: ["XKCD_THEME": "dark"], terminalIsDark: true) > 0.5)
    }
}
