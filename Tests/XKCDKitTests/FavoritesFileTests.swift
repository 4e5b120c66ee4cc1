import Foundation
import Testing

@testable import XKCDKit

@Suite struct FavoritesFileTests {
    @Test func readsTheExportFormatAndDeduplicates() throws {
        let text =
            #"{"favorites":[{"num":353,"title":"Python","date":"2007-12-05","added":"2026-11-22T09:10:00Z"},{"num":1},{"num":353,"added":"2020-01-01T00:00:00Z"}]}"#
        let entries = try FavoritesFile.parse(Data(text.utf8), name: "f")
        #expect(entries.map(\.num) == [353, 1])
        #expect(entries[0].addedAt == ISO8601DateFormatter().date(from: "2020-01-01T00:00:00Z"))
        #expect(entries[1].addedAt == nil)
    }

    @Test func rejectsAnythingElseWithOneMessage() {
        for text in [
            "", "[]", "{}", #"{"favorites":{}}"#, #"{"favorites":[1]}"#, #"{"favorites":[{"num":true}]}"#,
            #"{"favorites":[{"num":1.5}]}"#, #"{"favorites":[{"num":0}]}"#, #"{"favorites":[{"num":99999999999}]}"#,
        ] {
            do {
                _ = try FavoritesFile.parse(Data(text.utf8), name: "f.json")
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.localizedDescription.hasPrefix("f.json is not a favorites export"), "\(text)")
            }
        }
    }

    @Test func readingAFileSaysWhyItCannot() throws {
        let directory = try temporaryDirectory("favorites-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        func code(_ url: URL) -> POSIXErrorCode? {
            do {
                _ = try FavoritesFile.contents(of: url)
                return nil
            } catch {
                return (error as? POSIXError)?.code
            }
        }
        #expect(code(directory.appendingPathComponent("missing.json")) == .ENOENT)
        #expect(code(directory) == .EISDIR)
        let file = directory.appendingPathComponent("favs.json")
        try Data(#"{"favorites":[]}"#.utf8).write(to: file)
        #expect(code(file.appendingPathComponent("x")) == .ENOTDIR)
        #expect(try FavoritesFile.contents(of: file) == Data(#"{"favorites":[]}"#.utf8))
        // Far larger files are read only as far as telling them too large takes.
        let huge = directory.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        try FileHandle(forWritingTo: huge).truncate(atOffset: UInt64(FavoritesFile.maxBytes * 100))
        #expect(try FavoritesFile.contents(of: huge).count <= FavoritesFile.maxBytes + (64 << 10))
        #expect(FavoritesFile.unreadable(errno: EACCES) == "not readable (permission denied)")
        #expect(FavoritesFile.unreadable(errno: EIO) == "input/output error")
    }

    // Root reads any file: the refusal is only seen by other users.
    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its permission bits say"))
    func anUnreadableFileIsNamedAsSuch() throws {
        let directory = try temporaryDirectory("favorites-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("secret.json")
        try Data("{}".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        #expect(throws: POSIXError(.EACCES)) { try FavoritesFile.contents(of: file) }
    }
}

@Suite struct ImageSaverTests {
    @Test func defaultNamesStayInsideTheirDirectory() {
        #expect(ImageSaver.defaultName(num: 353, title: "Python", kind: .png) == "353-python.png")
        #expect(ImageSaver.defaultName(num: 1, title: "Barrel - Part 1", kind: .jpeg) == "1-barrel-part-1.jpg")
        #expect(ImageSaver.defaultName(num: 9, title: "../../etc/passwd", kind: .png) == "9-etc-passwd.png")
        #expect(ImageSaver.defaultName(num: 9, title: "/", kind: .gif) == "9-comic.gif")
        #expect(ImageSaver.defaultName(num: 9, title: "日本語", kind: .png) == "9-comic.png")
        #expect(ImageSaver.defaultName(num: 9, title: String(repeating: "a", count: 500), kind: .png).count < 80)
    }

    @Test func destinationIsTheDirectoryOrTheFileGiven() {
        let cwd = URL(fileURLWithPath: "/tmp")
        #expect(ImageSaver.destination(path: nil, defaultName: "1-a.png", currentDirectory: cwd).path == "/tmp/1-a.png")
        #expect(
            ImageSaver.destination(path: "x.png", defaultName: "1-a.png", currentDirectory: cwd).path == "/tmp/x.png")
        #expect(ImageSaver.destination(path: "/", defaultName: "1-a.png", currentDirectory: cwd).path == "/1-a.png")
        #expect(
            ImageSaver.destination(path: "sub/", defaultName: "1-a.png", currentDirectory: cwd).path
                == "/tmp/sub/1-a.png")
    }

    @Test func imageKindsAreRecognisedByTheirBytes() {
        #expect(ImageKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageKind.detect([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageKind.detect(Array("GIF89a...".utf8)) == .gif)
        #expect(ImageKind.detect(Array("<html>".utf8)) == nil)
        #expect(ImageKind.detect([UInt8]()) == nil)
    }
}
