import Foundation
import TestSupport
import Testing

/// A request the server is slow to answer: on a terminal, a line says what is being fetched
/// and is erased before the card; in a pipe or with --json nothing extra appears.
@Suite(.serialized) final class SlowRequestTests: LoopbackSuite {
    let loopback: Loopback
    private let spinnerLine = /\r\x1B\[2K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] fetching #353…/
    private let erase = "\r\u{1B}[2K"

    init() throws {
        loopback = try Loopback()
    }

    @Test func aSlowComicIsAnnouncedThenErasedBeforeTheCard() throws {
        server.setFault(.delay(.seconds(2)), for: "/353/info.0.json")
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["show", "353"], environment: xkcd.environment)
        #expect(try terminal.waitForExit(timeout: .seconds(20)) == 0)
        let output = terminal.output
        let lastNotice = try #require(output.ranges(of: spinnerLine).last, "\(output.debugDescription)")
        let card = try #require(output.range(of: "Python"), "\(output.debugDescription)")
        // Right after the last turn of the spinner, the line is erased, and only then the card.
        #expect(output[lastNotice.upperBound...].hasPrefix(erase), "\(output.debugDescription)")
        #expect(lastNotice.upperBound < card.lowerBound)
        #expect(!output[card.lowerBound...].contains("fetching"))
    }

    @Test func ctrlCCancelsAtOnceAndLeavesTheLineClean() throws {
        server.setFault(.hang, for: "/354/info.0.json")
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        _ = try terminal.waitFor("xkcd> ")
        let before = try terminal.modes()
        terminal.sendLine("goto 354")
        _ = try terminal.waitFor("fetching #354…")
        terminal.send("\u{03}")
        let output = try terminal.waitFor("cancelled", timeout: .seconds(3))
        let notice = try #require(output.range(of: "fetching #354…", options: .backwards))
        // The terminal echoes the key; the line, with it, is erased before the notice.
        let rest = output[notice.upperBound...]
        #expect(
            rest.hasPrefix(erase + "cancelled") || rest.hasPrefix("^C" + erase + "cancelled"),
            "\(rest.debugDescription)")
        _ = try terminal.waitFor("xkcd> ")
        let after = try terminal.modes()
        #expect(before.c_lflag == after.c_lflag && before.c_iflag == after.c_iflag)
        terminal.sendLine("quit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aPipeOrJSONGetsNothingExtra() throws {
        server.setFault(.delay(.seconds(1)), for: "/353/info.0.json")
        // Fresh data directories, so that each run asks the server.
        defer {
            for suffix in ["-json", "-pipe"] {
                try? FileManager.default.removeItem(atPath: xkcd.dataDirectory.path + suffix)
            }
        }
        let piped = try xkcd.run(["show", "353"])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr.debugDescription)")
        #expect(!piped.stdout.contains("fetching"))

        let json = try PseudoTerminal(
            executable: XKCDBinary.url,
            arguments: ["show", "353", "--json", "--data-dir", xkcd.dataDirectory.path + "-json"],
            environment: xkcd.environment)
        #expect(try json.waitForExit(timeout: .seconds(20)) == 0)
        #expect(json.output.contains("\"num\"") && !json.output.contains("fetching"), "\(json.output.debugDescription)")

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let intoAPipe = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["show", "353", "--data-dir", xkcd.dataDirectory.path + "-pipe"],
            environment: xkcd.environment, standardOutput: ends[1])
        close(ends[1])
        #expect(try intoAPipe.waitForExit(timeout: .seconds(20)) == 0)
        let stdout = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        #expect(String(decoding: stdout, as: UTF8.self).contains("Python"))
        #expect(!intoAPipe.output.contains("fetching"), "stdout in a pipe: \(intoAPipe.output.debugDescription)")
    }
}
