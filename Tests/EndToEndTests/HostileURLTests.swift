import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// Addresses and names from the server that try to reach elsewhere: an `img` of another
/// scheme, a huge image, a redirect chain, a title that would lead `save` out of its
/// directory, a title full of shell syntax handed to an opener.
struct HostileURLTests {
    static func publish(_ server: XKCDTestServer, num: Int, title: String = "Plain", img: String) {
        let fields: [String: Any] = [
            "num": num, "year": "2022", "month": "9", "day": "1", "title": title,
            "safe_title": title, "alt": "alt", "img": img, "link": "", "news": "", "transcript": "",
        ]
        server.publish(num: num, body: try! JSONSerialization.data(withJSONObject: fields))
    }

    static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xkcd-cwd-\(UUID().uuidString)/inner")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func imagesFromOtherSchemesHugeFilesAndRedirectChainsAreRefused() throws {
        let loopback = try Loopback()
        let server = loopback.server
        let base = server.baseURL.absoluteString
        // Numbers below #1084: the server has no `_2x` image that `save` could take instead.
        let images: [(num: Int, img: String)] = [
            (1001, "file:///etc/passwd"), (1002, "javascript:alert(1)//x.png"),
            (1003, "data:image/png;base64,iVBORw0KGgo="),
            (1004, "\(base)/imgs/huge.png"), (1005, "\(base)/imgs/loop.png"), (1006, "\(base)/imgs/to-file.png"),
            (1007, "ftp://127.0.0.1/x.png"), (1008, "//\(server.baseURL.host!)/imgs/x.png"),
        ]
        for (num, img) in images { Self.publish(server, num: num, img: img) }
        var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        huge.append(Data(count: XKCDClient.maxImageBytes))
        server.setImage(huge, at: "/imgs/huge.png")
        server.setFault(.status(302, headers: ["Location": "/imgs/loop.png"]), for: "/imgs/loop.png")
        server.setFault(.status(302, headers: ["Location": "file:///etc/passwd"]), for: "/imgs/to-file.png")

        let cwd = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: cwd.deletingLastPathComponent()) }
        let script = images.flatMap { ["image \($0.num)", "save \($0.num)", "save \($0.num) copy-\($0.num).png"] }
        let run = try loopback.xkcd.run(
            [], stdin: script.joined(separator: "\n") + "\n",
            extraEnvironment: ["XKCD_TIMEOUT": "2"], in: cwd)
        #expect(run.status == 1)
        #expect(run.errorLines.count == script.count, "\(run.stderr)")
        #expect(
            run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") && $0.count < 200 }, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd.path).isEmpty, "nothing saved")
        #expect(!server.requestLog.contains { $0.contains("passwd") })
        let stats = try loopback.xkcd.run(["--json", "--offline", "cache", "stats"])
        let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect(object?["images"] as? Int == 0, "no image was stored")
    }

    @Test func saveNamesNeverLeaveTheirDirectory() throws {
        let loopback = try Loopback()
        let titles = [
            "../../../escape", "/etc/passwd", "..", "a/../../b", "~/home", "\u{1B}[2J/..\\..\\x", "", "   ", "-rf",
            "漢字/../..",
        ]
        for (offset, title) in titles.enumerated() {
            Self.publish(
                loopback.server, num: 3100 + offset, title: title.isEmpty ? "x" : title,
                img: "\(loopback.server.baseURL.absoluteString)/imgs/comics/plain.png")
        }
        let cwd = try Self.scratchDirectory()
        let parent = cwd.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let script = titles.indices.map { "save \(3100 + $0)" }
        let run = try loopback.xkcd.run([], stdin: script.joined(separator: "\n") + "\n", in: cwd)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: cwd.path)
        #expect(saved.count == titles.count, "\(saved)")
        #expect(
            saved.allSatisfy { name in
                name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 } && !name.hasPrefix(".")
                    && !name.hasPrefix("-")
            },
            "\(saved)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["inner"])
    }

    @Test func openersGetTheTitleAsPartOfOneArgumentNeverThroughAShell() throws {
        let loopback = try Loopback()
        let bin = loopback.xkcd.dataDirectory.appendingPathComponent("bin")
        let log = loopback.xkcd.dataDirectory.appendingPathComponent("opened.txt")
        let marker = loopback.xkcd.dataDirectory.appendingPathComponent("pwned")
        try FakeProgram.install("xdg-open", in: bin, log: log)
        try FakeProgram.install("notify-send", in: bin, log: log)
        #expect(try loopback.xkcd.run(["check"]).status == 0)
        let title = "$(touch \(marker.path)); `touch \(marker.path)` | touch \(marker.path) & 'q' \"d\" \\ *"
        Self.publish(
            loopback.server, num: 3200, title: title, img: "\(loopback.server.baseURL.absoluteString)/imgs/x.png")
        let environment = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let run = try loopback.xkcd.run(
            ["-c", "check --notify; share 3200 --mailto --open; share 3200 --open; open 3200"],
            extraEnvironment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "no shell ran the title")
        let opened = try String(contentsOf: log, encoding: .utf8)
        #expect(opened.contains("$(touch"), "the title reached the programs as text: \(opened)")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
