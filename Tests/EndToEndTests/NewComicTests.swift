import Foundation
import TestSupport
import Testing

/// `check` from cron, desktop notifications, and the REPL's start-up and background notices,
/// through the built binary against a loopback server that publishes new comics.
@Suite(.serialized) final class NewComicTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    @Test func checkPrintsEachNewComicOnceAndNothingOtherwise() throws {
        let first = try xkcd.run(["check"])
        #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty, "\(first.stderr)")

        server.publishComic(num: 2666, title: "Lava Lamp")
        let second = try xkcd.run(["check"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == "#2666 · Lava Lamp · https://xkcd.com/2666/\n")

        let third = try xkcd.run(["check"])
        #expect(third.status == 0 && third.stdout.isEmpty)

        server.publishComic(num: 2667, title: "Sheet Bend")
        let json = try xkcd.run(["--json", "check"])
        #expect(
            json.stdout
                == "{\"newest\":2667,\"new\":[{\"num\":2667,\"title\":\"Sheet Bend\",\"url\":\"https://xkcd.com/2667/\"}]}\n"
        )
    }

    @Test func checkFailsWithOneErrorWhenTheServerIsDown() throws {
        _ = try xkcd.run(["check"])
        server.stop()
        let run = try xkcd.run(["check"])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func notifyRaisesADesktopNotificationWithArguments() throws {
        let bin = xkcd.dataDirectory.appendingPathComponent("bin")
        let log = xkcd.dataDirectory.appendingPathComponent("notified.txt")
        try FakeProgram.install("notify-send", in: bin, log: log)
        let path = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]

        _ = try xkcd.run(["check", "--notify"], extraEnvironment: path)
        #expect(!FileManager.default.fileExists(atPath: log.path), "nothing new: no notification")
        server.publishComic(num: 2666, title: "Lava $(touch pwned) `Lamp`")
        let run = try xkcd.run(["check", "--notify"], extraEnvironment: path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try String(contentsOf: log, encoding: .utf8)
                == "--app-name=xkcd\n--\nxkcd: 1 new comic\n#2666 Lava $(touch pwned) `Lamp`\n")

        server.publishComic(num: 2667, title: "Sheet Bend")
        let missing = try xkcd.run(["check", "--notify"], extraEnvironment: ["PATH": "/nonexistent"])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("#2667"))
        #expect(missing.errorLines.count == 1)
    }

    private func startREPL(_ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal(executable: XKCDBinary.url, arguments: arguments, environment: xkcd.environment)
    }

    @Test func theREPLAnnouncesNewComicsAtStartAndWhileOpen() throws {
        _ = try xkcd.run(["goto", "353"])
        // The first visit notes where the archive stands, and a cron check does not count.
        let first = try startREPL()
        _ = try first.waitFor("xkcd #353> ")
        first.send("\u{04}")
        #expect(try first.waitForExit() == 0)
        server.publishComic(num: 2666, title: "Lava Lamp")
        server.publishComic(num: 2667, title: "Sheet Bend")
        _ = try xkcd.run(["check"])

        let terminal = try startREPL(["--check-every", "0.02"])
        _ = try terminal.waitFor("2 new comics since your last visit: #2666 Lava Lamp, #2667 Sheet Bend")
        _ = try terminal.waitFor("xkcd #2667> ")

        server.publishComic(num: 2668, title: "Knot")
        // The background check runs every 1.2 s here; its notice waits for the next prompt.
        // Each Enter waits for its own prompt: a Ctrl-D typed while a line is still being
        // handled meets the terminal in its normal mode, which swallows it.
        var announced = false
        for _ in 0..<40 where !announced {
            Thread.sleep(forTimeInterval: 0.5)
            terminal.send("\r")
            announced = try terminal.waitFor("xkcd #2667> ").withoutEscapes.contains(
                "1 new comic just published: #2668 Knot")
        }
        #expect(announced)
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)

        // Where you left off: the next start is on the comic last viewed, with nothing new.
        let again = try startREPL()
        let text = try again.waitFor("xkcd #2667> ").withoutEscapes
        #expect(!text.contains("new comic"))
        again.send("\u{04}")
        #expect(try again.waitForExit() == 0)
    }

    @Test func unreadAndNextUnreadFromTheShell() throws {
        _ = try xkcd.run(["-c", "first; next; next"])
        let unread = try xkcd.run(["unread"])
        #expect(unread.status == 0, "\(unread.stderr)")
        #expect(unread.stdout.hasPrefix("2661 of 2664 comics unread"))
        #expect(unread.stdout.contains("#4"))
        let next = try xkcd.run(["next-unread"])
        #expect(next.stdout.hasPrefix("#4 · "), "\(next.stdout)")
    }
}
