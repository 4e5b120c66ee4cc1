import Foundation
import TestSupport
import Testing

/// Piping etiquette: without a terminal there are no colours, progress bars or questions, and
/// a reader that stops early (`| head -1`) ends the program quietly.
@Suite(.serialized) final class PipingTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    // `command` run by bash with the binary as $XKCD; prints what bash prints.
    private func shell(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.environment = xkcd.environment.merging(["XKCD": XKCDBinary.url.path]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    @Test func headClosingThePipeEndsItQuietly() throws {
        let script = xkcd.dataDirectory.appendingPathComponent("many.txt")
        try String(repeating: "show 353\n", count: 3_000).write(to: script, atomically: true, encoding: .utf8)
        let run = try shell("\"$XKCD\" < '\(script.path)' | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(run.stdout == "#353 · Python · 2007-12-05\nstatus 0\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")

        let search = try shell("\"$XKCD\" search python | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(search.stdout.hasSuffix("status 0\n"))
        #expect(search.stderr.isEmpty, "\(search.stderr)")
    }

    @Test func noEscapesProgressOrQuestionsWithoutATerminal() throws {
        let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        for arguments in [
            ["goto", "353"], ["search", "python"], ["sync"], ["help"], ["explain", "327"], ["favs"],
            ["cache", "clear"],
        ] {
            let run = try xkcd.run(arguments, extraEnvironment: environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.utf8.contains(0x1B) && !run.stderr.utf8.contains(0x1B), "\(arguments)")
            #expect(!run.stderr.contains("\r"), "\(arguments): no progress bar")
            #expect(!run.stderr.contains("[y/N]"), "\(arguments): no question")
        }
    }
}
