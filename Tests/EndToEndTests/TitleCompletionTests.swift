import Foundation
import TestSupport
import Testing

/// Tab on titles that hold the shell's special characters and Unicode spaces, over the live
/// archive's own answers: in the REPL on a pseudo-terminal, and in bash through its script.
@Suite(.serialized) final class TitleCompletionTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        // The fixtures (#1054 "The bacon" holds a thin space) and the live samples (#3015
        // "D&D Combinatorics", #3142 "<City>-Style Pizza").
        let fixtures = ComicArchive.locateFixtures()
        var archive = try ComicArchive.fixtures(at: fixtures)
        archive.bodies.merge(try ComicArchive.fixtures(at: fixtures.appendingPathComponent("live")).bodies) { $1 }
        loopback = try Loopback(archive: archive)
        let stored = try xkcd.run(["-c", "latest; goto 3015; goto 3142; goto 1054"])
        #expect(stored.status == 0, "\(stored.stderr)")
    }

    @Test(arguments: [
        ("goto D&D", "Combinatorics", 3015), ("goto <City", ">-Style Pizza", 3142), ("goto the b", "acon", 1054),
    ])
    func theREPLCompletesTheTitle(typed: String, rest: String, num: Int) throws {
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd #1054> ")
        terminal.send(typed + "\t")
        // Before Enter, only Tab can have written the rest of the title.
        _ = try terminal.waitFor(rest)
        terminal.send("\r")
        _ = try terminal.waitFor("xkcd #\(num)> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func bashCompletesTheTitleAndTheLineNamesIt() throws {
        let bash = BashCompletion(xkcd: xkcd)
        #expect(try bash.complete("xkcd", "goto", #"D\&D"#) == [#"D\&D\ Combinatorics"#])
        #expect(try bash.complete("xkcd", "goto", #"\<Ci"#) == [#"\<City\>-Style\ Pizza"#])
        #expect(try bash.complete("xkcd", "goto", "the", "b") == ["bacon"])
        // What the completed lines run.
        #expect(try xkcd.run(["goto", "D&D Combinatorics"]).stdout.hasPrefix("#3015 · D&D Combinatorics"))
        #expect(try xkcd.run(["goto", "<City>-Style", "Pizza"]).stdout.hasPrefix("#3142 · <City>-Style Pizza"))
        #expect(try xkcd.run(["goto", "the", "bacon"]).stdout.hasPrefix("#1054 · The\u{2009}bacon"))
    }

    @Test func aTitleTypedWordByWordCompletesAsWordsAndTheLineRuns() throws {
        let bash = BashCompletion(xkcd: xkcd)
        for (typed, reply, num) in [(["city", "sty"], "Style Pizza", 3142), (["d&d", "c"], "Combinatorics", 3015)] {
            #expect(
                try bash.complete(["xkcd", "goto"] + typed.map { $0.replacingOccurrences(of: "&", with: "\\&") }) == [
                    reply
                ])
            // The line as Tab leaves it, run by bash.
            var environment = xkcd.environment
            environment["PATH"] = XKCDBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin"
            let line =
                "xkcd goto "
                + typed.map { $0.replacingOccurrences(of: "&", with: "\\&") }.dropLast().joined(separator: " ") + " "
                + reply
            let run = try ChildProcess.run("/bin/bash", ["-c", line], environment: environment)
            #expect(run.stdout.hasPrefix("#\(num) · "), "\(line): \(run.stderr)")
        }
    }
}
