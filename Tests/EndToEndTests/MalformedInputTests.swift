import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// A corpus of malformed command lines, every command with every kind of bad argument,
/// one-shot and through a script: never a crash, exactly one `error:` line for a command that
/// fails, usage errors exit 2 one-shot.
struct MalformedInputTests {
    /// Bad arguments: with nothing stored, each fails every command, as a title that names no
    /// stored comic where it is not refused as a number, a count or words the command does not take.
    static let badArguments = [
        "abc\u{1B}[2J\u{07}", "\u{202E}漢字e\u{0301}\u{0301}\u{0301}", "🙂 \u{200B}", "''", "\"unterminated",
        "1 2 3 4 5 6", "3.5", "0x10",
        "99999999999999999999999999", "-1", "-99999999999999999999", "--no-such-option",
        String(repeating: "9", count: 100_000),
    ]
    /// The ones also tried one-shot (each a process of its own).
    static let oneShotArguments = ["abc\u{1B}[2J\u{07}", "-99999999999999999999", "--no-such-option"]

    static var commands: [String] { CommandSpec.all.map(\.name) }

    static func words(_ line: String) -> [String] {
        line.split(separator: " ").map(String.init)
    }

    @Test(arguments: commands)
    func everyCommandWithBadArguments(command: String) throws {
        let loopback = try Loopback()
        let spec = try #require(CommandSpec.all.first { $0.name == command })
        let strict = [.none, .count, .comic, .optionalComic].contains(spec.argument) && command != "help"
        for argument in Self.oneShotArguments {
            let run = try loopback.xkcd.run(
                ["--offline", command] + Self.words(argument), extraEnvironment: ["COLUMNS": "60"])
            let label = "\(command) \(argument.prefix(40))"
            #expect([0, 1, 2].contains(run.status), "\(label): status \(run.status)")
            #expect(run.errorLines.count == (run.status == 0 ? 0 : 1), "\(label): \(run.stderr.prefix(300))")
            #expect(run.stderr.split(separator: "\n").allSatisfy { $0.count < 300 }, "\(label)")
            #expect(OutputHygiene.problems(in: run.stdout + run.stderr).isEmpty, "\(label)")
            let titleWords =
                spec.synopsis.contains("TITLE") && !spec.synopsis.contains("--") && argument.hasPrefix("--")
            if strict && argument != Self.oneShotArguments[0] && !titleWords || spec.argument == .none {
                #expect(run.status == 2, "\(label) is a usage error: \(run.stderr)")
            }
        }
        if command == "quit" { return }
        // Every bad argument through a script, plus a 1 MB line: one error line each, naming its
        // line; the script goes on.
        let script =
            Self.badArguments.map { "\(command) \($0)" } + [
                command + " " + String(repeating: "\u{1B}x", count: 500_000)
            ]
        let run = try loopback.xkcd.run(["--offline"], stdin: script.joined(separator: "\n") + "\nhelp quit\n")
        #expect(run.status == 1)
        let named = run.errorLines.map { String($0.split(separator: ":", maxSplits: 2).dropFirst().first ?? "") }
        #expect(named == (1...script.count).map { " line \($0)" }, "\(run.stderr.prefix(2000))")
        #expect(
            run.stderr.split(separator: "\n").allSatisfy {
                ($0.hasPrefix("error: ") || $0.hasPrefix("note: ")) && $0.count < 300
            },
            "\(run.stderr.prefix(2000))")
        #expect(run.stdout.hasSuffix("usage: quit\n") || run.stdout.contains("usage: quit"), "the script went on")
        #expect(OutputHygiene.problems(in: run.stdout + run.stderr).isEmpty)
    }

    @Test func controlCharactersAndHugeLinesThroughAScript() throws {
        let loopback = try Loopback()
        let lines = [
            "\u{1B}[2J", "\u{00}goto 1", "goto\u{00}1", "\u{7F}\u{08}\u{08}latest", "goto \u{9B}31m", ";;;", "; ;",
            String(repeating: "x", count: 1 << 20), String(repeating: "goto 1;", count: 200) + "bogus",
            "\"" + String(repeating: "a", count: 1 << 20), String(repeating: " ", count: 1 << 20) + "frob",
        ]
        let run = try loopback.xkcd.run(["--offline"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") && $0.count < 300 },
            "\(run.stderr.prefix(2000))")
        #expect(
            run.errorLines.count >= lines.count - 2 && run.errorLines.count <= 200 + lines.count,
            "\(run.stderr.prefix(2000))")
        #expect(OutputHygiene.problems(in: run.stdout + run.stderr).isEmpty)
        let oneShot = try loopback.xkcd.run(["--offline", "-c", String(repeating: "\u{1B}[2J;", count: 10_000)])
        #expect([1, 2].contains(oneShot.status))
        #expect(OutputHygiene.problems(in: oneShot.stdout + oneShot.stderr).isEmpty)
    }
}
