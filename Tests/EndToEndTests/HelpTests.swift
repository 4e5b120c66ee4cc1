import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// Help from every door: `xkcd --help`, `xkcd help goto`, `xkcd goto --help`, scripts and the
/// REPL all print the one text.
@Suite(.serialized) final class HelpTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    @Test func programHelpIsTheSnapshot() throws {
        let run = try xkcd.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout == CheckedInFile("Tests/Snapshots/help.txt").text)
        #expect(try xkcd.run(["-h"]).stdout == run.stdout)
    }

    @Test func everyWayToAskAboutACommandPrintsTheSameText() throws {
        let expected = try #require(CheckedInFile("Tests/Snapshots/help-goto.txt").text)
        let ways: [[String]] = [
            ["help", "goto"], ["goto", "--help"], ["goto", "-h"], ["g", "--help"], ["goto", "353", "--help"],
            ["--help", "goto"], ["-c", "help goto"],
        ]
        for arguments in ways {
            let run = try xkcd.run(arguments)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments)")
            #expect(run.stdout == expected, "\(arguments)")
        }
        #expect(try xkcd.run([], stdin: "help goto\n").stdout == expected)
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("help goto")
        _ = try terminal.waitFor("does the same.")
        // The terminal is 100 columns wide: the details are as written, not fitted to 80.
        let wide = HelpText.render(topic: "goto", style: Style(enabled: false), width: 100)
        #expect(terminal.output.withoutEscapes.replacingOccurrences(of: "\r\n", with: "\n").contains(wide))
        terminal.sendLine("quit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test(arguments: CommandSpec.all.flatMap { [$0.name] + $0.aliases })
    func eachCommandsHelpFlagShowsItsHelp(_ name: String) throws {
        let run = try xkcd.run([name, "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == HelpText.render(topic: name, style: Style(enabled: false)))
    }

    @Test func helpRespectsJSON() throws {
        let run = try xkcd.run(["--json", "goto", "--help"])
        #expect(run.stdout == (try xkcd.run(["--json", "help", "goto"])).stdout)
        #expect(run.stdout.hasPrefix("{"))
    }

    @Test func versionAndUsageErrors() throws {
        let version = try xkcd.run(["--version"]).stdout
        #expect(version.hasPrefix("xkcd \(ProgramHelp.version)\n"))
        #expect(
            version.contains("Randall Munroe, under CC BY-NC 2.5")
                && version.contains("explainxkcd, under CC BY-SA 3.0"))
        let typo = try xkcd.run(["--data-di", "/tmp"])
        #expect(typo.status == 2)
        #expect(typo.errorLines == ["error: unknown option '--data-di' — did you mean '--data-dir'?"])
        #expect(typo.stdout.isEmpty)
        let unreadable = try xkcd.run(["explain", "---completion"])
        #expect(unreadable.status == 2)
        #expect(
            unreadable.errorLines == [
                "error: 'explain' has no option '---completion' — usage: explain [N | TITLE] [--all]"
            ])
        let typoHelp = try xkcd.run(["gotoo", "--help"])
        #expect(typoHelp.status == 2 && typoHelp.stdout.isEmpty)
        #expect(typoHelp.errorLines == ["error: unknown command 'gotoo' — did you mean 'goto'?"])
    }
}
