import Foundation
import TestSupport
import Testing

/// Ctrl-Z at the prompt, in an interactive bash with job control in a tmux pane: the program
/// stops, and `fg` brings the prompt back with the line editor's modes.
@Suite(.serialized) final class SuspendTests: TmuxSuite {
    private let loopback: Loopback
    let socket: String

    init() throws {
        loopback = try Loopback()
        socket = Self.newSocket()
    }

    @Test func ctrlZStopsAtThePromptAndFgBringsThePromptBack() throws {
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "job", "-x", "100", "-y", "30", "bash --norc -i"])
        defer {
            try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: socket)
        }
        let variables = loopback.xkcd.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let bin = URL(fileURLWithPath: socket + ".bin")
        defer { try? FileManager.default.removeItem(at: bin) }
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nexec env \(variables) '\(XKCDBinary.url.path)' --offline\n".write(
            to: bin.appendingPathComponent("repl"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path + "/repl")
        try tmux(["send-keys", "-t", "job", "PS1='$ '; clear; '\(bin.path)/repl'", "Enter"])
        try waitFor("the prompt") { $0.last?.hasPrefix("xkcd>") == true }
        try tmux(["send-keys", "-t", "job", "C-z"])
        try waitFor("the job stopped") { $0.contains { $0.contains("Stopped") } && $0.last == "$" }
        try tmux(["send-keys", "-t", "job", "fg", "Enter"])
        // The prompt again, below the command bash prints as it resumes the job.
        try waitFor("the prompt after fg") { lines in
            guard let resumed = lines.lastIndex(where: { $0.hasSuffix("/repl'") }), resumed > 0,
                lines[resumed - 1] == "$ fg"
            else { return false }
            return lines[(resumed + 1)...].contains { $0.hasPrefix("xkcd>") }
        }
        // Typed at the prompt, not echoed by a terminal in cooked mode: one line, then its answer.
        try tmux(["send-keys", "-t", "job", "frobnicate", "Enter"])
        try waitFor("the answer") { $0.contains { $0.hasPrefix("error: unknown command 'frobnicate'") } }
        let lines = try screen()
        #expect(lines.filter { $0.hasSuffix("> frobnicate") }.count == 1, "at the prompt: \(lines)")
        #expect(!lines.contains("frobnicate"), "no echo of a terminal in cooked mode: \(lines)")
    }

    // The pane's non-empty lines, trailing spaces aside.
    private func screen() throws -> [String] {
        try capture("job").split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
    }

    private func waitFor(_ what: String, _ done: ([String]) -> Bool) throws {
        for _ in 0..<200 {
            if done(try screen()) { return }
            usleep(50_000)
        }
        Issue.record("no \(what) on the screen: \(try screen())")
        throw CancellationError()
    }
}
