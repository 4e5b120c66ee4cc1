import Foundation
import TestSupport
import Testing

/// The terminal's modes after the program: a signal that ends it at the prompt or while the
/// pager runs, and a REPL whose output goes to a pipe or cannot be written, leave the terminal
/// as a shell needs it (line editing, echo, Ctrl-C as a signal).
@Suite(.serialized) final class TerminalModeTests: LoopbackSuite {
    let loopback: Loopback
    static let cooked = tcflag_t(ICANON | ECHO | ISIG)

    init() throws {
        loopback = try Loopback()
    }

    func isCooked(_ terminal: PseudoTerminal) throws -> Bool {
        try terminal.modes().c_lflag & Self.cooked == Self.cooked
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalAtThePromptGivesTheTerminalBack(signal: Int32) throws {
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        #expect(try !isCooked(terminal), "libedit edits in raw mode at the prompt")
        kill(terminal.processIdentifier, signal)
        #expect(try terminal.waitForExit() == 128 + signal, "the signal's own status")
        #expect(try isCooked(terminal))
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalWhileThePagerRunsEndsItAndGivesTheTerminalBack(signal: Int32) throws {
        #expect(try xkcd.run(["explain", "327"]).status == 0)
        // A pager that takes the terminal raw and ignores the hangup of its session, and SIGQUIT
        // as less does.
        let started = xkcd.dataDirectory.appendingPathComponent("pager-started")
        var environment = xkcd.environment
        environment["PAGER"] =
            "sh -c \"trap '' HUP QUIT; stty raw -echo < /dev/tty; : > '\(started.path)'; exec sleep 600\""
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["explain", "327", "--all"], environment: environment, columns: 80,
            rows: 12)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: started.path), Date() < deadline { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: started.path), "the pager never started")
        let child = try #require(ProcessTable.children(of: terminal.processIdentifier).first)
        #expect(try !isCooked(terminal))
        kill(terminal.processIdentifier, signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        #expect(try isCooked(terminal))
        // The pager was told too: it ends rather than sleeping on a terminal it lost.
        func ended() -> Bool { (try? ProcessTable.state(of: child).state).map { $0 == "Z" } ?? true }
        while !ended(), Date() < deadline { usleep(10_000) }
        #expect(ended(), "the pager still runs")
        kill(child, SIGKILL)
    }

    @Test func aREPLWritingToAPipeEditsOnTheTerminal() throws {
        let pipe = try Self.makePipe()
        defer { close(pipe.read) }
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, environment: xkcd.environment, standardOutput: pipe.write)
        close(pipe.write)
        _ = try terminal.waitFor("xkcd> ")
        terminal.send("goto 35")
        _ = try terminal.waitFor("goto 35")
        terminal.send("\u{03}")
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("goto 353")
        _ = try terminal.waitFor("xkcd #353> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        #expect(try isCooked(terminal))
        let piped = Self.readAvailable(pipe.read)
        #expect(piped.hasPrefix("#353 · Python · 2007-12-05\n"), "\(piped)")
        #expect(!piped.contains("#35 ·"), "Ctrl-C abandoned the line")
        #expect(!piped.contains("xkcd>") && !piped.contains("goto"), "prompts and typing stay on the terminal")
        #expect(!terminal.output.contains("2007-12-05"), "the card goes to the pipe only")
    }

    @Test func aREPLWhoseOutputCannotBeWrittenSaysSoAndEnds() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, environment: xkcd.environment, standardOutput: full)
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("goto 353")
        _ = try terminal.waitFor("cannot write the output: No space left on device")
        #expect(try terminal.waitForExit() == 1)
        #expect(try isCooked(terminal))
    }

    // MARK: - Helpers

    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        return (ends[0], ends[1])
    }

    // What the pipe holds now (the writer has exited, so all it wrote is there).
    static func readAvailable(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
