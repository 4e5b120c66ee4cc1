import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// The REPL on a terminal 40 columns wide: help, errors, notices and the sync's progress line
/// all fit it, with words whole.
@Suite(.serialized) final class NarrowTerminalTests {
    private let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 400, titles: [353: "Python"]))
    }

    @Test func everythingFitsFortyColumns() throws {
        loopback.server.setFaultForAllPaths(.delay(.milliseconds(20)))
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, environment: loopback.xkcd.environment, columns: 40)
        _ = try terminal.waitFor("xkcd> ")
        // Each line, and what ends its output; the second sync has nothing to fetch.
        let session = [
            ("help", "more on one\r\ncommand."), ("help sync", "--images."), ("gotoo 3", "'goto'?"),
            ("sync", "synced:"), ("sync", "synced:"), ("config", "images "),
        ]
        for (line, end) in session {
            terminal.sendLine(line)
            _ = try terminal.waitFor(end, timeout: .seconds(60))
            _ = try terminal.waitFor("xkcd> ")
        }
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)

        let screen = terminal.output.withoutEscapes
        // The data directory's path is one word, wider than the terminal.
        let wide = screen.split(whereSeparator: \.isNewline).filter {
            DisplayWidth.of($0) > 40 && !$0.contains(loopback.xkcd.dataDirectory.path)
        }
        #expect(wide.isEmpty, "wider than the terminal: \(wide)")
        #expect(screen.contains("\r\n  latest, l\r\n      go to the newest comic\r\n"))
        #expect(screen.contains("error: unknown command 'gotoo' — did you\r\n       mean 'goto'?\r\n"))
        #expect(screen.contains("comics ██"), "the first sync draws a bar")
        #expect(screen.contains("comics: all stored\r\n"), "the second has nothing to fetch, and says so")
        #expect(!screen.contains(" 0/0"))
    }
}
