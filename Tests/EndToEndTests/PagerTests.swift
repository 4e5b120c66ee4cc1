import Foundation
import TestSupport
import Testing

/// The pager as a shell with job control runs it: the program is alone in its process group,
/// which is the terminal's foreground group (as `bash -i` makes it), and a page taller than
/// the screen goes through `$PAGER`. A pager outside that group would be stopped by the
/// terminal (SIGTTOU) and the screen would stay blank.
@Suite(.serialized) final class PagerTests: LoopbackSuite {
    let loopback: Loopback
    // A line of #327's explanation, well below the first screenful of 12 rows.
    static let laterLine = "In SQL, a database programming language"

    init() throws {
        loopback = try Loopback()
        // Stored first, so the pager is the only thing left to wait for.
        let run = try xkcd.run(["explain", "327"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    func start(_ arguments: [String], pager: String?) throws -> PseudoTerminal {
        var environment = xkcd.environment
        environment["PAGER"] = pager
        return try PseudoTerminal(
            executable: XKCDBinary.url, arguments: arguments, environment: environment, columns: 80, rows: 12)
    }

    func waitForChild(of pid: pid_t) throws -> pid_t {
        for _ in 0..<500 {
            if let child = try ProcessTable.children(of: pid).first { return child }
            usleep(10_000)
        }
        return try #require(nil as pid_t?, "no pager was started")
    }

    @Test func lessShowsALongExplanationAndQGivesTheTerminalBack() throws {
        let terminal = try start(["explain", "327", "--all"], pager: "less")
        _ = try terminal.waitFor("Mrs. Roberts receives a call")
        let pager = try waitForChild(of: terminal.processIdentifier)
        let (state, group) = try ProcessTable.state(of: pager)
        #expect(state != "T", "the pager is not stopped by the terminal")
        #expect(group == terminal.processIdentifier, "the pager is in the terminal's foreground group")
        // less pages: the later line is not on the first screen, and shows after a page down.
        #expect(!terminal.output.contains(Self.laterLine))
        terminal.send(" ")
        _ = try terminal.waitFor(Self.laterLine)
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCInThePagerIsThePagersAndTheRunEndsWell() throws {
        let terminal = try start(["explain", "327", "--all"], pager: "less -S")
        _ = try terminal.waitFor("Mrs. Roberts receives a call")
        // Twice: a second Ctrl-C would end a run that took it as its own at once.
        terminal.send("\u{03}")
        terminal.send("\u{03}")
        // less drops what was typed ahead of its Ctrl-C handling: q until it quits.
        var status: Int32?
        for _ in 0..<50 where status == nil {
            terminal.send("q")
            status = try? terminal.waitForExit(timeout: .milliseconds(200))
        }
        #expect(status == 0, "the Ctrl-Cs were less's")
    }

    @Test func theREPLComesBackAfterThePagerAndAfterAKilledPager() throws {
        let terminal = try start([], pager: "less")
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("explain 327 --all")
        _ = try terminal.waitFor("Mrs. Roberts receives a call")
        terminal.send("q")
        _ = try terminal.waitFor("xkcd> ")
        // The REPL's own modes are back: a line typed now is read and run.
        terminal.sendLine("alt 327")
        _ = try terminal.waitFor("driver's license factory")
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("explain 327 --all")
        _ = try terminal.waitFor("Mrs. Roberts receives a call")
        let pager = try waitForChild(of: terminal.processIdentifier)
        kill(pager, SIGKILL)
        _ = try terminal.waitFor("xkcd> ")
        terminal.sendLine("goto 353")
        _ = try terminal.waitFor("xkcd #353> ")
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aTextModeBrowserGetsTheKeyboard() throws {
        let bin = xkcd.dataDirectory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = xkcd.dataDirectory.appendingPathComponent("browser.txt")
        let browser = bin.appendingPathComponent("w3m")
        // Records where its input comes from and a line typed at the keyboard.
        try """
        #!/bin/sh
        readlink /proc/self/fd/0 > '\(log.path)'
        read -r line
        echo "$line" >> '\(log.path)'
        """.write(to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        var environment = xkcd.environment
        environment["BROWSER"] = "w3m"
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["open", "353"], environment: environment)
        _ = try waitForChild(of: terminal.processIdentifier)
        terminal.sendLine("typed at the keyboard")
        #expect(try terminal.waitForExit() == 0)
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix("/dev/pts/") == true, "its input is the terminal")
        #expect(lines.last == "typed at the keyboard")
    }

    @Test func moreWorksToo() throws {
        let terminal = try start(["explain", "327", "--all"], pager: "more")
        _ = try terminal.waitFor("Mrs. Roberts receives a call")
        _ = try terminal.waitFor("More")
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aPagerThatIsNotThereMeansTheTextIsPrinted() throws {
        let terminal = try start(["explain", "327", "--all"], pager: "no-such-pager -x")
        _ = try terminal.waitFor("Mrs. Roberts receives a call")
        #expect(try terminal.waitForExit() == 0)
        let output = terminal.output
        #expect(output.contains(Self.laterLine))
        #expect(output.contains("PAGER names no-such-pager, which is not here"))
    }
}
