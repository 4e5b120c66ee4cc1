import Foundation
import TestSupport
import Testing

/// The built binary through pipes: stdin scripts, `-c`, one-shot commands and exit statuses.
@Suite(.serialized) final class PipeTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    @Test func stdinScriptNavigatesAndExitsZero() throws {
        let run = try xkcd.run([], stdin: "goto 353\nnext\nback\nforward\nprev 2\nhistory\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("#353 · Python · 2007-12-05"))
        #expect(run.stdout.contains("#354 · "))
        #expect(run.stdout.contains("#352 · "))
        #expect(!run.stdout.contains("xkcd #"), "no prompt when stdin is not a terminal")
        #expect(!run.stdout.contains("\u{1B}"), "no escapes when stdout is not a terminal")
        let history = run.stdout.components(separatedBy: "\n").suffix(4).joined(separator: "\n")
        #expect(history.contains("#352"))
    }

    @Test func stateAndCachePersistAcrossOneShotRuns() throws {
        #expect(try xkcd.run(["goto", "403"]).status == 0)
        server.resetCounters()
        let next = try xkcd.run(["next"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.hasPrefix("#405 · "), "404 does not exist and is skipped")
        let back = try xkcd.run(["back"])
        #expect(back.stdout.hasPrefix("#403 · "))
        #expect(!server.requestLog.contains("/403/info.0.json"), "a stored comic is never fetched again")
    }

    @Test func storedComicsWorkWithTheServerGone() throws {
        #expect(try xkcd.run(["goto", "353"]).status == 0)
        server.stop()
        let show = try xkcd.run(["show", "353"])
        #expect(show.status == 0)
        #expect(show.stdout.hasPrefix("#353 · Python"))
        let missing = try xkcd.run(["goto", "1"])
        #expect(missing.status == 1)
        #expect(missing.errorLines.count == 1)
        #expect(missing.stderr.contains("connection refused"), "\(missing.stderr)")
    }

    @Test func commandStringRunsEverythingAndReportsFailure() throws {
        let ok = try xkcd.run(["-c", "goto 1; next; alt"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("#2 · "))
        let failed = try xkcd.run(["-c", "goto 404; goto 3"])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("#3 · "), "keeps going after a failure")
        #expect(failed.errorLines == ["error: no comic #404 — xkcd skips it (404 Not Found)"])
    }

    @Test func aBadCommandInACommandStringIsReportedAndTheRestRuns() throws {
        let run = try xkcd.run(["-c", "goto 353; bogus; alt"])
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: unknown command 'bogus' — type 'help' for the list"])
        #expect(run.stdout.contains("#353 · Python"))
        #expect(run.stdout.hasSuffix("leaving you.\n"), "alt ran after the bad command")
        let usage = try xkcd.run(["-c", "goto 1 2; goto 3"])
        #expect(usage.status == 1)
        #expect(usage.errorLines.first?.hasPrefix("error: 'goto' takes one comic number, not '1 2'") == true)
        #expect(usage.stdout.contains("#3 · "))
    }

    @Test func anEmptyStoreSaysSoForSearchAndTitles() throws {
        let search = try xkcd.run(["--offline", "search", "python"])
        #expect(search.status == 1)
        #expect(
            search.errorLines == [
                "error: nothing is stored yet to search — 'sync' makes the whole archive searchable"
            ])
        let title = try xkcd.run(["--offline", "goto", "Python"])
        #expect(title.status == 1)
        #expect(title.errorLines.first?.contains("nothing is stored yet — 'sync' stores") == true)
    }

    @Test func aWordFoundNowhereGetsACorrectionFromTheIndex() throws {
        let run = try xkcd.run(["-c", "sync; search antigravty; search imoprt python"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "showing results for antigravity — search --exact antigravty for the words as typed\n#353 Python"))
        #expect(run.stdout.contains("did you mean import python? — search import python\n"), "a swap is one edit")
        #expect(run.stdout.contains("#353 Python"))
    }

    @Test func aTitleWithATypoGetsTheNearestTitlesAndSearch() throws {
        let run = try xkcd.run(["-c", "sync; goto Pyhton; goto zzqqxx"])
        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "error: no comic titled 'Pyhton' — did you mean #353 Python? (or search Pyhton)",
                "error: no comic titled 'zzqqxx' among the 48 stored — try a number, or search zzqqxx",
            ])
    }

    @Test func scriptsSkipBlankAndCommentLines() throws {
        let script = """
            #!/usr/bin/env xkcd
            # the comics of the day
              # indented too

            #353
            alt
            """
        let run = try xkcd.run([], stdin: script + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("#353 · Python"), "#353 is a comic, not a comment")
    }

    @Test func oneShotExitCodes() throws {
        #expect(try xkcd.run(["latest"]).status == 0)
        let unknown = try xkcd.run(["gotoo", "353"])
        #expect(unknown.status == 2)
        #expect(unknown.errorLines == ["error: unknown command 'gotoo' — did you mean 'goto'?"])
        let range = try xkcd.run(["goto", "999999"])
        #expect(range.status == 1)
        #expect(range.errorLines.first?.hasPrefix("error: no comic #999999 — the newest is #") == true)
        #expect(try xkcd.run(["goto", "-3"]).status == 2)
        #expect(try xkcd.run(["--bogus"]).status == 2)
        let short = try xkcd.run(["-v"])
        #expect(short.status == 2)
        #expect(short.errorLines == ["error: unknown option '-v' — did you mean '--version'?"])
        #expect(try xkcd.run(["-V"]).stdout.hasPrefix("xkcd "))
        #expect(try xkcd.run(["--help"]).stdout.contains("usage: xkcd"))
        #expect(try xkcd.run(["help", "goto"]).stdout.hasPrefix("usage: goto N | TITLE"))
    }

    @Test func badInputGetsOneErrorLineEachAndTheScriptGoesOn() throws {
        let bad = [
            "goto abc", "goto -3", "goto 0", "goto 404", "goto 999999", "frobnicate", "latest extra",
            String(repeating: "z", count: 10_000), "next 0",
        ]
        let run = try xkcd.run(
            [], stdin: (["goto 1"] + bad + ["", "   ", "latest", "next"]).joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        #expect(run.errorLines.count == bad.count + 1, "\(run.stderr)")
        #expect(run.stderr.contains("is the newest comic"), "next past the newest")
        #expect(run.stdout.contains("#1 · Barrel - Part 1"))
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.count < 200 })
    }

    @Test func aScriptsErrorsNameTheirLines() throws {
        let run = try xkcd.run([], stdin: "# the day's comics\n\ngoto 404\ngoto 353\nbogus\n")
        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "error: line 3: no comic #404 — xkcd skips it (404 Not Found)",
                "error: line 5: unknown command 'bogus' — type 'help' for the list",
            ])
        #expect(
            try xkcd.run(["-c", "bogus"]).errorLines == ["error: unknown command 'bogus' — type 'help' for the list"])
    }

    @Test func withJSONEveryErrorIsAlsoADocumentOnStdout() throws {
        let missing = #"{"error":"no comic #404 — xkcd skips it (404 Not Found)""#
        let unknown = #"{"error":"unknown command 'bogus' — type 'help' for the list""#
        let cases: [(arguments: [String], stdin: String, status: Int32, stdout: String)] = [
            (["--json", "goto", "404"], "", 1, missing + "}\n"),
            (["--json", "bogus"], "", 2, unknown + "}\n"),
            (["--json", "--bogus"], "", 2, #"{"error":"unknown option '--bogus' — try 'xkcd --help'"}"# + "\n"),
            (["--json", "-c", "goto 404; bogus"], "", 1, missing + "}\n" + unknown + "}\n"),
            (
                ["--json"], "# a script\ngoto 404\nbogus\n", 1,
                missing + #","line":2}"# + "\n" + unknown + #","line":3}"# + "\n"
            ),
        ]
        for (arguments, stdin, status, stdout) in cases {
            let run = try xkcd.run(arguments, stdin: stdin)
            #expect(run.status == status, "\(arguments)")
            #expect(run.stdout == stdout, "\(arguments)")
            #expect(run.errorLines.count == stdout.split(separator: "\n").count, "\(arguments): \(run.stderr)")
        }
    }

    @Test func jsonIsOneDocumentPerCommand() throws {
        let run = try xkcd.run(["--json", "-c", "goto 353; history"])
        let documents = run.stdout.split(separator: "\n")
        #expect(documents.count == 2)
        let comic = try #require(try JSONSerialization.jsonObject(with: Data(documents[0].utf8)) as? [String: Any])
        #expect(comic["num"] as? Int == 353)
        #expect(comic["title"] as? String == "Python")
        #expect(comic["date"] as? String == "2007-12-05")
    }

    @Test func serverTextIsRepairedAndSanitized() throws {
        let run = try xkcd.run(["-c", "goto 1137; goto 259; goto 472; transcript 403"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(run.stdout.contains("Clichéd Exchanges"))
        #expect(run.stdout.contains("#472 · House of Pancakes"))
        #expect(run.stdout.contains("Erdős"))
    }

    @Test func networkFaultsGiveOneLineAndStoreNothing() throws {
        #expect(try xkcd.run(["latest"]).status == 0)
        server.setFault(.status(500), for: "/2/info.0.json")
        let status = try xkcd.run(["goto", "2"])
        #expect(status.status == 1)
        #expect(status.errorLines.count == 1)
        #expect(status.stderr.contains("500"))
        server.setFault(.body("<html>oops</html>"), for: "/3/info.0.json")
        let junk = try xkcd.run(["goto", "3"])
        #expect(junk.errorLines == ["error: the server sent something that is not JSON"])
        server.setFault(.hang, for: "/4/info.0.json")
        let hang = try xkcd.run(["goto", "4"], extraEnvironment: ["XKCD_TIMEOUT": "1"])
        #expect(hang.status == 1)
        #expect(hang.errorLines.count == 1)
        #expect(hang.stderr.contains("did not answer within 1s"), "\(hang.stderr)")
        // Nothing wrong was stored: with the faults gone, the real comics arrive.
        server.setFault(nil, for: "/2/info.0.json")
        server.setFault(nil, for: "/3/info.0.json")
        server.setFault(nil, for: "/4/info.0.json")
        #expect(try xkcd.run(["goto", "2"]).stdout.hasPrefix("#2 · "))
        #expect(try xkcd.run(["goto", "3"]).stdout.hasPrefix("#3 · "))
    }

    @Test func globalOptionsAfterTheCommandAndDoubleDash() throws {
        #expect(try xkcd.run(["goto", "353"]).status == 0)
        let favs = try xkcd.run(["favs", "--json"])
        #expect(favs.status == 0, "\(favs.stderr)")
        #expect(favs.stdout.hasPrefix("{") && favs.stdout.contains("\"favorites\""))
        let goto = try xkcd.run(["goto", "353", "--json"])
        #expect(goto.status == 0, "\(goto.stderr)")
        let comic = try #require(try JSONSerialization.jsonObject(with: Data(goto.stdout.utf8)) as? [String: Any])
        #expect(comic["num"] as? Int == 353)
        let offline = try xkcd.run(["search", "python", "--offline", "--json"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("\"num\":353") || offline.stdout.contains("\"num\" : 353"), "\(offline.stdout)")
        let dashes = try xkcd.run(["search", "--", "--json"])
        #expect(dashes.status == 0, "\(dashes.stderr)")
        #expect(dashes.stdout == "no comic matches '--json'\n", "searched for the word, not a JSON switch")
    }
}

/// Sync through the binary: interrupted by SIGINT and by SIGKILL, then resumed.
@Suite(.serialized) final class SyncInterruptionTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 300))
    }

    func start(_ arguments: [String]) throws -> Process {
        try xkcd.start(arguments)
    }

    func stored() throws -> Int {
        let run = try xkcd.run(["--json", "cache", "stats"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object?["comics"] as? Int ?? -1
    }

    // Comics up to 150 come at 20 ms each; those above take a minute, so a sync cannot end on
    // its own before a test interrupts it, however slow the machine.
    func stallTheServer() {
        server.setFaultForAllPaths(.delay(.milliseconds(20)))
        server.setFault(.delay(.seconds(60)), forComics: 151..<300)
    }

    // Waits for a running sync's first commit (every 200 comics or every second), however
    // long the machine's load makes it.
    func waitForACommit() throws {
        let deadline = Date().addingTimeInterval(600)
        while try stored() <= 1, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try #require(try stored() > 1, "nothing was committed within 600 s")
    }

    @Test func sigkillMidSyncLeavesADatabaseTheNextSyncCompletes() throws {
        stallTheServer()
        let process = try start(["sync", "--jobs", "4"])
        try waitForACommit()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        server.clearFaults()
        let kept = try stored()
        #expect(kept > 1 && kept < 300)
        let resumed = try xkcd.run(["sync"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try stored() == 300)
        let check = try xkcd.run(["-c", "goto 150; search comic"])
        #expect(check.status == 0)
    }

    @Test func sigintEndsAOneShotSyncAndKeepsWhatArrived() async throws {
        server.setFaultForAllPaths(.delay(.milliseconds(20)))
        server.setFault(.hang, forComics: 151..<300)
        // The requests past the stall are never answered and time out only after ten minutes,
        // the longest timeout there is: the interrupt alone can end them before that.
        let process = try start(["--timeout", "600", "sync", "--jobs", "4"])
        try waitForACommit()
        try #require(try await server.waitForRequest(to: "/151/info.0.json"), "the sync never reached the stall")
        kill(process.processIdentifier, SIGINT)
        // However loaded the machine, an interrupt that works ends the run long before this.
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the sync went on after SIGINT")
            return
        }
        #expect(process.terminationStatus == 130)
        server.clearFaults()
        #expect(try stored() > 1, "what arrived was kept")
    }
}
