import Foundation
import TestSupport
import Testing

/// The REPL in a real pseudo-terminal: prompt, Tab, Ctrl-C, Ctrl-D, history across restarts.
@Suite(.serialized) final class TerminalTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    func startREPL() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        return terminal
    }

    @Test func promptShowsTheCurrentComicAndCtrlDExitsZero() throws {
        let terminal = try startREPL()
        terminal.sendLine("goto 353")
        _ = try terminal.waitFor("xkcd #353> ")
        #expect(terminal.output.withoutEscapes.contains("#353 · Python · 2007-12-05"))
        #expect(terminal.output.contains("\u{1B}[1mPython"), "bold title on a colour terminal")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func tabCompletesCommandNames() throws {
        let terminal = try startREPL()
        // libedit redraws the completed word with cursor moves: the effect proves it.
        terminal.send("go\t")
        terminal.send("353\r")
        _ = try terminal.waitFor("xkcd #353> ")
        terminal.sendLine("quit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aFirstRunSaysHowToFetchTheArchiveAndTabSaysOnceThatNoTitleIsStored() throws {
        let hint = "Nothing is stored yet: 'sync' fetches the archive"
        let note = "stored: 'sync' fetches the archive, for Tab to complete every title"
        let terminal = try startREPL()
        #expect(terminal.output.withoutEscapes.components(separatedBy: hint).count == 2, "said once, at start")
        terminal.send("goto Pyth\t")
        _ = try terminal.waitFor(note)
        terminal.send("\t")
        // The line is still there to finish: Ctrl-U clears it for a command that shows the second Tab's effect.
        terminal.send("\u{15}goto 353\r")
        _ = try terminal.waitFor("xkcd #353> ")
        #expect(terminal.output.withoutEscapes.components(separatedBy: note).count == 2, "the note is said once")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)

        let again = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try again.waitFor("xkcd #353> ")
        again.send("\u{04}")
        #expect(try again.waitForExit() == 0)
        #expect(!again.output.withoutEscapes.contains(hint), "a comic is stored now")
    }

    @Test func tabCompletesFileNamesAfterSave() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-tab-\(UUID().uuidString)")
        let folder = directory.appendingPathComponent("saved comics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try startREPL()
        // The folder's name holds a space: Tab escapes it, and the line reads it back.
        terminal.send("save 353 \(directory.path)/sav\t\r")
        _ = try terminal.waitFor("saved \(folder.path)/353-")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).map { $0.hasPrefix("353-") } == [true])
        // The next prompt: a Ctrl-D typed before it meets the terminal in its normal mode.
        _ = try terminal.waitFor("> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCAbandonsTheLineAndReturnsToThePrompt() throws {
        let terminal = try startREPL()
        terminal.send("goto 35")
        _ = try terminal.waitFor("goto 35")
        terminal.send("\u{03}")
        terminal.sendLine("latest")
        _ = try terminal.waitFor("xkcd #2665> ")
        #expect(!terminal.output.withoutEscapes.contains("#35 ·"), "the abandoned line did not run")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCCancelsARequestInFlight() throws {
        server.setFault(.hang, for: "/3/info.0.json")
        let terminal = try startREPL()
        terminal.sendLine("latest")
        _ = try terminal.waitFor("xkcd #2665> ")
        terminal.sendLine("goto 3")
        Thread.sleep(forTimeInterval: 0.5)
        terminal.send("\u{03}")
        // The request would otherwise time out after 5 s, with another message.
        _ = try terminal.waitFor("cancelled", timeout: .seconds(10))
        _ = try terminal.waitFor("xkcd #2665> ")
        terminal.sendLine("quit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func historySurvivesARestart() throws {
        let first = try startREPL()
        first.sendLine("goto 353")
        _ = try first.waitFor("xkcd #353> ")
        first.sendLine("first")
        _ = try first.waitFor("xkcd #1> ")
        first.send("\u{04}")
        #expect(try first.waitForExit() == 0)
        let history = try String(contentsOf: xkcd.dataDirectory.appendingPathComponent("history"), encoding: .utf8)
        #expect(history == "goto 353\nfirst\n")

        // Up twice recalls "goto 353" from the previous run.
        let second = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try second.waitFor("xkcd #1> ")
        second.send("\u{1B}[A")
        second.send("\u{1B}[A")
        second.send("\r")
        _ = try second.waitFor("xkcd #353> ")
        second.send("\u{04}")
        #expect(try second.waitForExit() == 0)
    }

    @Test func cacheClearAsksFirstOnATerminal() throws {
        let terminal = try startREPL()
        terminal.sendLine("fav 353")
        _ = try terminal.waitFor("is a favorite now")
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("goto 1")
        _ = try terminal.waitFor("xkcd #1> ")
        terminal.sendLine("cache clear")
        _ = try terminal.waitFor("Favorites are kept. [y/N] ")
        terminal.sendLine("n")
        _ = try terminal.waitFor("nothing deleted")
        terminal.sendLine("cache clear")
        _ = try terminal.waitFor("[y/N] ")
        terminal.sendLine("y")
        _ = try terminal.waitFor("favorites kept")
        _ = try terminal.waitFor("xkcd #1> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func twoREPLsShareFavorites() throws {
        let first = try startREPL()
        let second = try startREPL()
        first.sendLine("fav 353")
        _ = try first.waitFor("is a favorite now")
        _ = try first.waitFor("xkcd> ")
        second.sendLine("favs")
        _ = try second.waitFor("Python")
        _ = try second.waitFor("xkcd> ")
        first.send("\u{04}")
        second.send("\u{04}")
        #expect(try first.waitForExit() == 0)
        #expect(try second.waitForExit() == 0)
    }

    @Test func badInputNeverEndsTheREPL() throws {
        let terminal = try startREPL()
        for line in ["goto abc", "goto -3", "frobnicate", String(repeating: "x", count: 3000), "goto 999999"] {
            terminal.sendLine(line)
        }
        terminal.sendLine("first")
        _ = try terminal.waitFor("xkcd #1> ")
        #expect(terminal.output.withoutEscapes.components(separatedBy: "error: ").count - 1 == 5)
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }
}

/// Sync and title completion in a real pseudo-terminal against a larger archive.
@Suite(.serialized) final class TerminalSyncTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 400, titles: [353: "Python"]))
    }

    @Test func syncShowsProgressAndTabCompletesTitlesAfterwards() throws {
        server.setFaultForAllPaths(.delay(.milliseconds(60)))
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("sync")
        _ = try terminal.waitFor("/s ETA", timeout: .seconds(20))
        _ = try terminal.waitFor("synced: 400 comics stored", timeout: .seconds(30))
        _ = try terminal.waitFor("xkcd> ")
        #expect(terminal.output.contains("comics ████"))
        server.setFaultForAllPaths(nil)
        terminal.send("goto pyt\t")
        terminal.send("\r")
        _ = try terminal.waitFor("xkcd #353> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCStopsASyncAndKeepsWhatArrived() async throws {
        // Comics above 100 are never answered: the sync cannot end on its own before Ctrl-C.
        server.setFault(.hang, forComics: 101..<400)
        // A timeout longer than the test: only Ctrl-C can end the requests in flight.
        var environment = xkcd.environment
        environment["XKCD_TIMEOUT"] = "600"
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: environment)
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("sync")
        // Comic 101 is asked for once the places before it are answered: the sync is stalled.
        try #require(try await server.waitForRequest(to: "/101/info.0.json"), "the sync never reached the stall")
        // Its first progress line is drawn when the phase starts, whatever the timing.
        _ = try terminal.waitFor("comics ░", timeout: .seconds(60))
        terminal.send("\u{03}")
        // The bound is for a failure only: without Ctrl-C nothing would end.
        _ = try terminal.waitFor("sync stopped", timeout: .seconds(60))
        _ = try terminal.waitFor("xkcd> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        server.clearFaults()
        let resumed = try xkcd.run(["--json", "sync"])
        let object = try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any]
        let fetched = try #require(object?["fetched"] as? Int)
        #expect(fetched > 0 && fetched < 398, "the first run kept what arrived")
        #expect(object?["stored"] as? Int == 400)
    }
}
