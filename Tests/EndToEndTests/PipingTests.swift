import Foundation
import TestSupport
import Testing

/// Piping etiquette: without a terminal there are no colours, progress bars or questions, a
/// reader that stops early (`| head -1`) ends the program quietly, and output that cannot be
/// written (a full disk, a closed stdout) is an error.
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

    @Test func aCommandStringEndsQuietlyWhenTheReaderLeaves() throws {
        // Far more than a pipe holds: the writes go on after head has left.
        let many = Array(repeating: "show 353", count: 2_000).joined(separator: "; ")
        let run = try shell("\"$XKCD\" -c '\(many)' | head -c1; echo \" status ${PIPESTATUS[0]}\"")
        #expect(run.stdout == "# status 0\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func aFullNonBlockingPipeIsWaitedFor() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        // Full before the program starts: its writes meet a pipe that would block.
        var filled = 0
        let page = [UInt8](repeating: 0x2E, count: 4096)
        while case let written = write(ends[1], page, page.count), written > 0 { filled += written }
        let process = Process()
        process.executableURL = XKCDBinary.url
        process.arguments = ["-c", Array(repeating: "show 353", count: 500).joined(separator: "; ")]
        process.environment = xkcd.environment
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        try process.run()
        close(ends[1])
        // Read once the program waits for room (or, where it would drop what it cannot write, has ended).
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, !ProcessTable.waitsInPoll(process.processIdentifier), Date() < deadline {
            usleep(1_000)
        }
        var received = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let count = read(ends[0], &chunk, chunk.count), count > 0 { received += count }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(received - filled == 500 * (try xkcd.run(["show", "353"]).stdout.utf8.count), "nothing was dropped")
    }

    @Test func outputThatCannotBeWrittenIsAnErrorOnEverySurface() throws {
        #expect(try xkcd.run(["fav", "353"]).status == 0)
        let surfaces = [#""$XKCD" --json favs"#, #""$XKCD" -c 'favs; show 353'"#, #"printf 'favs\n' | "$XKCD""#]
        for (redirect, cause) in [("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            for surface in surfaces {
                let run = try shell("\(surface) \(redirect); echo \"status $?\" >&2")
                #expect(run.stderr == "error: cannot write the output: \(cause)\nstatus 1\n", "\(surface) \(redirect)")
            }
        }
        #expect(try xkcd.run(["--offline", "favs"]).stdout.contains("Python"), "the output landed in no file")
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to fill a small file system"))
    func anExportToAFullDiskIsAnError() throws {
        let comics = ComicArchive.locateFixtures().appendingPathComponent("comics")
        let numbers = try FileManager.default.contentsOfDirectory(atPath: comics.path).compactMap {
            Int($0.replacingOccurrences(of: ".json", with: ""))
        }
        let list = xkcd.dataDirectory.appendingPathComponent("all.json")
        try (#"{"favorites":["# + numbers.map { #"{"num":\#($0)}"# }.joined(separator: ",") + "]}")
            .write(to: list, atomically: true, encoding: .utf8)
        #expect(try xkcd.run(["fav", "import", list.path]).status == 0)
        let export = try xkcd.run(["--json", "favs"])
        try #require(export.stdout.utf8.count > 4096, "the export is longer than the page left free")
        let disk = xkcd.dataDirectory.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(mount("tmpfs", disk.path, "tmpfs", 0, "size=64k") == 0)
        defer { umount(disk.path) }
        let filler = disk.appendingPathComponent("filler")
        let full = try fillToTheBrim(filler)
        // No room at all, then one page: the export fails at once, then is cut after the page.
        for room in [0, 4096] {
            #expect(truncate(filler.path, off_t(full - room)) == 0)
            let target = disk.appendingPathComponent("favs.json")
            let run = try shell("\"$XKCD\" --json favs > '\(target.path)'; echo \"status $?\" >&2")
            #expect(run.stderr == "error: cannot write the output: No space left on device\nstatus 1\n", "\(room)")
            #expect(try Data(contentsOf: target).count == room)
            try FileManager.default.removeItem(at: target)
        }
    }

    // Writes `file` until its file system has no room left; returns its size.
    private func fillToTheBrim(_ file: URL) throws -> Int {
        let fd = open(file.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let page = [UInt8](repeating: 0x2E, count: 4096)
        var size = 0
        while case let written = write(fd, page, page.count), written > 0 { size += written }
        return size
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
