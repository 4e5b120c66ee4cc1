import Foundation
import TestSupport
import Testing

/// Keys typed while the program asks the terminal a question or draws a picture: all of them
/// reach the next prompt, in order, in a pseudo-terminal of the test's own and in tmux.
@Suite(.serialized) final class TypeAheadTests: LoopbackSuite, TmuxSuite {
    let loopback: Loopback
    let socket: String

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
        socket = Self.newSocket()
    }

    private static let burst = "alt 1\ralt 2\ralt 3\r"
    private static let alts = ["Don't we all.", "'Petit' being a reference", "Hello, island"]

    @Test func keysTypedBehindAPictureAreEditedAtTheNextPrompts() throws {
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        // One write: the command and the lines typed after it, before the terminal answers.
        terminal.send("image 353 --renderer sixel\r" + Self.burst)
        _ = try terminal.waitFor("\u{1B}[c")
        terminal.send("\u{1B}[?1;0;256S\u{1B}[?2;0;1000;1000S\u{1B}[?63;4c")
        let shown = try terminal.waitFor("Hello, island").withoutEscapes
        #expect(terminal.output.contains("\u{1B}Pq") || terminal.output.contains("\u{1B}P0;"), "drawn in sixel")
        let places = Self.alts.map { shown.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "every line ran: \(shown.suffix(400).debugDescription)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "in the order typed")
        #expect(!shown.contains("?63;4c") && !shown.contains("1000;1000"), "no answer is taken for keys")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func anAnswerThatComesAfterItsWaitIsNotTakenForKeys() throws {
        // The comic comes slowly: the command is still running when the terminal's answer,
        // too late for the question's wait, arrives with the next line typed behind it.
        loopback.server.setFault(.delay(.seconds(4)), for: "/353/info.0.json")
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        terminal.send("image 353 --renderer sixel\r")
        _ = try terminal.waitFor("\u{1B}[c")
        usleep(1_500_000)
        terminal.send("\u{1B}[?1;0;256S\u{1B}[?2;0;1000;1000S\u{1B}[?63;4calt 1\r")
        let shown = try terminal.waitFor("Don't we all.", timeout: .seconds(20)).withoutEscapes
        #expect(!shown.contains("unknown command") && !shown.contains("63;4c"), "\(shown.suffix(300))")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func keysTypedAmongTheAnswerOfAOneShotCommandReachTheShell() throws {
        // A shell that runs the command and then reads the line typed during it, as the next
        // prompt would.
        let script = "'\(XKCDBinary.url.path)' image 353 --renderer sixel; read line; echo \"GOT[$line]\""
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], environment: xkcd.environment)
        _ = try terminal.waitFor("\u{1B}[c")
        terminal.send("echo hi\r\u{1B}[?1;0;256S\u{1B}[?2;0;1000;1000S\u{1B}[?63;4c")
        let shown = try terminal.waitFor("]\r\n")
        #expect(shown.contains("GOT[echo hi]"), "\(shown.suffix(200).debugDescription)")
        #expect(try terminal.waitForExit() == 0)
        #expect(shown.components(separatedBy: "echo hi").count == 2, "shown once, by the shell, not echoed before")
    }

    @Test(arguments: ["kitty", "sixel"])
    func aBurstTypedBehindAPictureInTmuxRunsInOrder(renderer: String) throws {
        try tmux(["new-session", "-d", "-s", "xkcd", "sleep 600"])
        defer {
            try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: socket)
        }
        try tmux(["set", "-g", "allow-passthrough", "on"])
        try tmux(["set", "-g", "status", "off"])
        let client = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket, "attach", "-t", "xkcd"],
            columns: 100, rows: 40)
        defer { client.terminate() }
        let variables = loopback.xkcd.environment.merging(["TERM": "xterm-256color"]) { $1 }
            .map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try tmux(["new-window", "-t", "xkcd", "-n", "repl", "env \(variables) '\(XKCDBinary.url.path)'; sleep 600"])
        _ = try client.waitFor("xkcd> ")
        client.send("image 353 --renderer \(renderer)\r" + Self.burst)
        var screen = ""
        for _ in 0..<200 {
            screen = try capture("xkcd:repl")
            if screen.contains("Hello, island") { break }
            usleep(50_000)
        }
        let places = Self.alts.map { screen.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(renderer): every line ran\n\(screen)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "\(renderer): in order")
    }
}
