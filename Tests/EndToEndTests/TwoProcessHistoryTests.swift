import Foundation
import TestSupport
import Testing

/// Processes browsing one data directory at once: a REPL on a pseudo-terminal beside one-shot
/// runs or a second REPL. Every process's visits stay in `history`, in the order they were made.
@Suite final class TwoProcessHistoryTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 600))
    }

    private func repl() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("> ")
        return terminal
    }

    private func go(_ terminal: PseudoTerminal, _ line: String, to num: Int) throws {
        terminal.sendLine(line)
        _ = try terminal.waitFor("xkcd #\(num)> ")
    }

    private func history() throws -> [Int] {
        let run = try xkcd.run(["--json", "history", "--all"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (object?["history"] as? [[String: Any]] ?? []).compactMap { $0["num"] as? Int }
    }

    private func oneShot(_ arguments: String...) throws -> Int? {
        let run = try xkcd.run(["--json"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object?["num"] as? Int
    }

    @Test func aREPLMovingAgainKeepsTheVisitsOfAOneShot() throws {
        let terminal = try repl()
        defer { terminal.terminate() }
        try go(terminal, "goto 1", to: 1)
        try go(terminal, "goto 2", to: 2)
        #expect(try oneShot("goto", "500") == 500)
        try go(terminal, "goto 3", to: 3)
        #expect(try history() == [3, 500, 2, 1])
        #expect(try oneShot("next") == 4, "next from the last comic visited, the REPL's")
        try go(terminal, "back", to: 2)
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(try history() == [2, 4, 3, 500, 1])
    }

    @Test func twoREPLsKeepTheirOwnBackAndShareTheHistory() throws {
        let first = try repl()
        defer { first.terminate() }
        let second = try repl()
        defer { second.terminate() }
        try go(first, "goto 10", to: 10)
        try go(second, "goto 20", to: 20)
        try go(first, "goto 11", to: 11)
        try go(second, "goto 21", to: 21)
        try go(first, "back", to: 10)
        try go(second, "back", to: 20)
        for terminal in [first, second] {
            terminal.send("\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
        #expect(try history() == [20, 10, 21, 11])
        #expect(try oneShot("forward") == 21, "a one-shot carries on from the last process that moved")
    }

    @Test func twoREPLsTypingAtOnceKeepEveryLineEitherTyped() throws {
        let first = try repl()
        defer { first.terminate() }
        let second = try repl()
        defer { second.terminate() }
        // Typed ahead, each in one burst: each line is saved to the shared file as it is read.
        let typed = [(first, Array(1...120)), (second, Array(201...320))]
        for (terminal, nums) in typed {
            terminal.send(nums.map { "goto \($0)\n" }.joined())
        }
        for (terminal, nums) in typed {
            _ = try terminal.waitFor("xkcd #\(nums.last!)> ", timeout: .seconds(120))
            terminal.send("\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
        let file = xkcd.dataDirectory.appendingPathComponent("history")
        let saved = Set(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init))
        let lost = typed.flatMap(\.1).map { "goto \($0)" }.filter { !saved.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) of 240 lines lost: \(lost.prefix(5))")
    }
}
