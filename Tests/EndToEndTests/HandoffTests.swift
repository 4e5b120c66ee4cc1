import Foundation
import TestSupport
import Testing

/// `explain`, `share` and `open` through the built binary: openers get an argument vector.
@Suite(.serialized) final class HandoffTests: LoopbackSuite {
    let loopback: Loopback
    let bin: URL

    init() throws {
        loopback = try Loopback()
        bin = loopback.xkcd.dataDirectory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    }

    // A fake `xdg-open` that records each argument on its own line.
    func installOpener() throws -> URL {
        let log = xkcd.dataDirectory.appendingPathComponent("opened.txt")
        try FakeProgram.install("xdg-open", in: bin, log: log)
        return log
    }

    var pathWithOpener: [String: String] {
        ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    @Test func openHandsTheURLToTheOpenerAsOneArgument() throws {
        let log = try installOpener()
        let run = try xkcd.run(["open", "353"], extraEnvironment: pathWithOpener)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOf: log, encoding: .utf8) == "https://xkcd.com/353/\n", "the public page")
    }

    @Test func withoutAnOpenerTheURLIsPrinted() throws {
        let run = try xkcd.run(["open", "353"], extraEnvironment: ["PATH": bin.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "https://xkcd.com/353/\n")
        #expect(run.stderr.contains("set BROWSER"))
    }

    @Test func browserComesFirstAndGetsTheAddressInPlaceOfPercentSOrAtTheEnd() throws {
        let opener = try installOpener()
        let log = xkcd.dataDirectory.appendingPathComponent("browsed.txt")
        try FakeProgram.install("textbrowser", in: bin, log: log)
        let appended = try xkcd.run(
            ["open", "353"], extraEnvironment: pathWithOpener.merging(["BROWSER": "textbrowser -x"]) { $1 })
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8) == "-x\nhttps://xkcd.com/353/\n")
        try FileManager.default.removeItem(at: log)
        let substituted = try xkcd.run(
            ["share", "353", "--open"],
            extraEnvironment: pathWithOpener.merging(["BROWSER": "no-such-browser:textbrowser --url=%s"]) { $1 })
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8) == "--url=https://xkcd.com/353/\n")
        #expect(!FileManager.default.fileExists(atPath: opener.path), "xdg-open was not needed")
    }

    @Test func aBrowserThatFailsIsReportedAfterTheNextOneIsTried() throws {
        let failing = bin.appendingPathComponent("failing-browser")
        try "#!/bin/sh\nexit 3\n".write(to: failing, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing.path)
        let run = try xkcd.run(["open", "353"], extraEnvironment: ["PATH": bin.path, "BROWSER": "failing-browser"])
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: cannot open https://xkcd.com/353/: failing-browser failed"])
    }

    @Test func openAndShareOpenAreAlikeWhereNothingOpensPages() throws {
        let open = try xkcd.run(["open", "353"], extraEnvironment: ["PATH": bin.path])
        let share = try xkcd.run(["share", "353", "--open"], extraEnvironment: ["PATH": bin.path])
        #expect(open.status == 0 && share.status == 0, "\(open.stderr)\(share.stderr)")
        #expect(open.stderr == share.stderr)
        #expect(share.stdout.contains("https://xkcd.com/353/"))
    }

    @Test func shareMailtoOpensTheMailURL() throws {
        let log = try installOpener()
        let run = try xkcd.run(
            ["share", "353", "--mailto", "--to", "friend@example.com", "--open"], extraEnvironment: pathWithOpener)
        #expect(run.status == 0, "\(run.stderr)")
        let opened = try String(contentsOf: log, encoding: .utf8)
        #expect(opened == run.stdout)
        #expect(opened.hasPrefix("mailto:friend@example.com?subject=xkcd%20%23353%3A%20Python&body="))
    }

    @Test func badShareOptionsAreUsageErrors() throws {
        let run = try xkcd.run(["share", "--mailto", "--to", "not-an-address"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: 'not-an-address' is not an e-mail address"))
    }

    @Test func explainPrintsTheExplanationThroughAPipe() throws {
        let run = try xkcd.run(["explain", "327"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "#327 Exploits of a Mom — explained at explainxkcd\n"
                    + "\(xkcd.baseURL.absoluteString)/wiki/index.php/327:_Exploits_of_a_Mom\n\n"
                    + "Mrs. Roberts receives a call from her son's school."
            ))
        let missing = try xkcd.run(["explain", "353"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: explainxkcd has no page for #353 yet\n")
    }
}
