import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// Every command's `--json` document against its shape in docs/JSON.md, through the built
/// binary: one document per command, keys in the documented order, types as documented.
@Suite(.serialized) final class JSONShapeTests: LoopbackSuite {
    let loopback: Loopback
    let shapes: [String: JSONShape]

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
        let docs = ComicArchive.locateFixtures().deletingLastPathComponent().appendingPathComponent("docs/JSON.md")
        shapes = try JSONShape.definitions(in: String(contentsOf: docs, encoding: .utf8))
    }

    private func check(
        _ arguments: [String], is shape: String, status: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let run = try xkcd.run(["--json"] + arguments, extraEnvironment: ["PATH": "/nonexistent"])
        #expect(run.status == status, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            run.stdout.hasSuffix("}\n") && run.stdout.filter { $0 == "\n" }.count == 1,
            "\(arguments): one line, one document", sourceLocation: sourceLocation)
        let document = try JSONReader.parse(Array(run.stdout.utf8))
        let problems = JSONShape.named(shape).problems(document, shapes: shapes)
        #expect(problems.isEmpty, "\(arguments) as \(shape): \(problems)", sourceLocation: sourceLocation)
    }

    @Test func theDocumentedShapesParse() {
        for name in ["comic", "image", "search", "check", "unread", "sync", "help", "command", "cache_stats"] {
            #expect(shapes[name] != nil, "\(name)")
        }
    }

    @Test func everyCommandPrintsItsDocumentedShape() throws {
        let directory = xkcd.dataDirectory
        // Not `random`: this server holds 47 of 2,665 comics, so a pick can miss 100 times.
        for arguments in [
            ["first"], ["next"], ["prev"], ["next-unread"], ["goto", "353"], ["show", "353"], ["latest"], ["back"],
            ["forward"], ["354"], ["goto", "Python"],
        ] {
            try check(arguments, is: "comic")
        }
        try check(["alt", "353"], is: "alt")
        try check(["transcript", "353"], is: "transcript")
        try check(["history"], is: "history")
        try check(["goto", "P"], is: "choices", status: 1)
        try check(["image", "353"], is: "image")
        try check(["show", "353", "--image"], is: "image")
        try check(["save", "353", directory.path + "/"], is: "saved")
        try check(["search", "python"], is: "search")
        let paged = try xkcd.run(["--json", "-c", "search the; more"])
        let lines = paged.stdout.split(separator: "\n")
        #expect(paged.status == 0 && lines.count == 2, "\(paged.stdout) \(paged.stderr)")
        let page = try JSONReader.parse(Array(lines.last.map(String.init)?.utf8 ?? "".utf8))
        #expect(JSONShape.named("more").problems(page, shapes: shapes).isEmpty, "\(page)")
        try check(["fav", "353"], is: "favorite_added")
        try check(["favs"], is: "favorites")
        let export = try xkcd.run(["--json", "favs"]).stdout
        try export.write(to: directory.appendingPathComponent("favs.json"), atomically: true, encoding: .utf8)
        try check(["unfav", "353"], is: "favorite_removed")
        try check(["fav", "import", directory.appendingPathComponent("favs.json").path], is: "imported")
        try check(["check"], is: "check")
        loopback.server.publishComic(num: 2666, title: "Lava Lamp")
        try check(["check"], is: "check")
        try check(["unread"], is: "unread")
        try check(["explain", "327"], is: "explanation")
        try check(["share", "353", "--mailto"], is: "share")
        try check(["open", "353"], is: "open")
        try check(["help"], is: "help")
        try check(["help", "goto"], is: "command")
        try check(["cache", "stats"], is: "cache_stats")
        try check(["sync"], is: "sync")
        try check(["cache", "clear", "--yes"], is: "cache_cleared")
        try check(["config"], is: "config")
        try check(["set", "timeout"], is: "config")
        try check(["set", "images", "never"], is: "setting_changed")
    }

    @Test func anErrorIsADocumentToo() throws {
        try check(["goto", "404"], is: "error", status: 1)
        try check(["gotoo"], is: "error", status: 2)
        #expect(try xkcd.run(["sync"]).status == 0)
        try check(["goto", "Pyhton"], is: "error", status: 1)
        try check(["search", "pyhton"], is: "search")
        try check(["search", "imoprt", "python"], is: "search")
        let run = try xkcd.run(["--json"], stdin: "goto 404\n")
        #expect(run.errorLines == ["error: line 1: no comic #404 — xkcd skips it (404 Not Found)"])
        #expect(JSONShape.named("error").problems(try JSONReader.parse(Array(run.stdout.utf8)), shapes: shapes).isEmpty)
    }

    @Test func aDocumentThatDriftsFromItsShapeIsCaught() throws {
        let drifted = try JSONReader.parse(Array("{\"num\":353,\"alt\":\"x\",\"extra\":1}".utf8))
        #expect(!JSONShape.named("alt").problems(drifted, shapes: shapes).isEmpty)
        let reordered = try JSONReader.parse(Array("{\"alt\":\"x\",\"num\":353}".utf8))
        #expect(!JSONShape.named("alt").problems(reordered, shapes: shapes).isEmpty)
        let wrongType = try JSONReader.parse(Array("{\"num\":\"353\",\"alt\":\"x\"}".utf8))
        #expect(!JSONShape.named("alt").problems(wrongType, shapes: shapes).isEmpty)
    }
}
