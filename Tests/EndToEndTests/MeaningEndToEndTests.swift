import Foundation
import TestSupport
import Testing

/// Search by meaning with the real sentence encoder, all-MiniLM-L6-v2, whose model file `make
/// test` builds and names in `XKCD_TEST_MODEL`: the built binary indexes the fixtures' comics as
/// it syncs them, then finds comics described in words none of them holds.
struct MeaningEndToEndTests {
    static let model = ProcessInfo.processInfo.environment["XKCD_TEST_MODEL"] ?? ""

    // A binary whose store holds the fixtures' comics and their vectors, with the model named.
    private func indexed() throws -> (XKCDBinary, [String: String], XKCDTestServer) {
        try #require(
            FileManager.default.fileExists(atPath: Self.model),
            "XKCD_TEST_MODEL names \(Self.model), which does not exist (make model builds it)")
        let server = try XKCDTestServer(archive: try ComicArchive.fixtures(at: ComicArchive.locateFixtures()))
        let xkcd = try XKCDBinary(baseURL: server.baseURL)
        let withModel = ["XKCD_MODEL": Self.model]
        let sync = try xkcd.run(["sync"], extraEnvironment: withModel)
        try #require(sync.status == 0, "sync failed: \(sync.stderr)")
        #expect(sync.stdout.contains("comics indexed by meaning"), "\(sync.stdout)")
        return (xkcd, withModel, server)
    }

    // The hits of `arguments` (a search), as `--json` lists them.
    private func hits(_ xkcd: XKCDBinary, _ arguments: [String], _ environment: [String: String]) throws
        -> [[String: Any]]
    {
        let run = try xkcd.run(["--json", "--offline"] + arguments, extraEnvironment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object?["hits"] as? [[String: Any]] ?? []
    }

    @Test(.enabled(if: !model.isEmpty, "XKCD_TEST_MODEL is unset: make test builds the model and names it"))
    func aComicDescribedInOtherWordsIsFoundByTheRealEncoder() throws {
        let (xkcd, withModel, server) = try indexed()
        defer { server.stop() }
        let described = [
            (353, "someone hovering in the sky thanks to a scripting language learned overnight"),
            (327, "a mother gave her son a name that wiped out the students' records"),
        ]
        for (num, description) in described {
            // Words as a shell passes them: one argument with spaces would be a phrase.
            let words = description.split(separator: " ").map(String.init)
            let alone = try hits(xkcd, ["search", "--by", "meaning"] + words, withModel)
            #expect(alone.first?["num"] as? Int == num, "\(description): \(alone.prefix(3))")
            #expect(alone.allSatisfy { $0["close_in_meaning"] as? Bool == true && $0["matched"] is NSNull })
            let fused = try hits(xkcd, ["search"] + words, withModel)
            let place = fused.prefix(3).firstIndex { $0["num"] as? Int == num }
            #expect(place != nil, "\(description): \(fused.prefix(5).map { $0["num"] ?? "" })")
        }
        // The title typed stays first, however close in meaning other comics are.
        #expect(try hits(xkcd, ["search", "exploits of a mom"], withModel).first?["num"] as? Int == 327)
        // The text says why.
        let text = try xkcd.run(
            ["--offline", "search", "--by", "meaning", described[0].1],
            extraEnvironment: withModel.merging(
                ["COLUMNS": "100"]) { _, new in new })
        #expect(text.stdout.contains("#353") && text.stdout.contains("close in meaning"), "\(text.stdout)")
    }

    @Test(.enabled(if: !model.isEmpty, "XKCD_TEST_MODEL is unset: make test builds the model and names it"))
    func aBrokenModelFileLeavesSearchByWordsAndSaysWhy() throws {
        let (xkcd, _, server) = try indexed()
        defer { server.stop() }
        let broken = xkcd.dataDirectory.appendingPathComponent("broken.model")
        try Data("not a model".utf8).write(to: broken)
        let environment = ["XKCD_MODEL": broken.path]
        let words = try xkcd.run(["--offline", "search", "python"], extraEnvironment: environment)
        #expect(words.status == 0 && words.stdout.contains("#353"), "\(words.stdout)")
        #expect(words.stderr.contains("note: cannot use the sentence encoder's model: "), "\(words.stderr)")
        #expect(words.stderr.contains(broken.path))
        let meaning = try xkcd.run(["--offline", "search", "--by", "meaning", "python"], extraEnvironment: environment)
        #expect(meaning.status == 1)
        #expect(
            meaning.errorLines.count == 1
                && meaning.errorLines[0].hasPrefix(
                    "error: cannot use the sentence encoder's model: the model file \(broken.path) "),
            "\(meaning.stderr)")
        // A FIFO as the model, or as the settings file, is no reason to wait: nothing writes to it.
        let fifo = xkcd.dataDirectory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let fromFIFO = try xkcd.run(
            ["--offline", "search", "python"], extraEnvironment: ["XKCD_MODEL": fifo.path],
            through: ["/usr/bin/timeout", "-k", "5", "30"])
        #expect(fromFIFO.status == 0 && fromFIFO.stdout.contains("#353"), "\(fromFIFO.status) \(fromFIFO.stderr)")
        #expect(fromFIFO.stderr.contains("\(fifo.path) cannot be read (not a regular file)"), "\(fromFIFO.stderr)")
        let settingsFIFO = try xkcd.run(
            ["--config", fifo.path, "--offline", "goto", "353"], through: ["/usr/bin/timeout", "-k", "5", "30"])
        #expect(settingsFIFO.status == 0 && settingsFIFO.stdout.contains("#353"), "\(settingsFIFO.stderr)")
        // Nothing stored was lost: the vectors are still there for the good model.
        let good = try hits(xkcd, ["search", "--by", "meaning", "python"], ["XKCD_MODEL": Self.model])
        #expect(good.first?["num"] as? Int == 353)
    }

    @Test(.enabled(if: !model.isEmpty, "XKCD_TEST_MODEL is unset: make test builds the model and names it"))
    func aModelWithDamagedWeightsIsRefusedAndStoresNothingUnderTheRealModelsName() throws {
        let server = try XKCDTestServer(archive: try ComicArchive.fixtures(at: ComicArchive.locateFixtures()))
        defer { server.stop() }
        let xkcd = try XKCDBinary(baseURL: server.baseURL)
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.model))
        // Its header intact: bytes deep in the weights overwritten, with numbers and with NaN.
        func damaged(_ name: String, at offset: Int, with bytes: [UInt8]) throws -> URL {
            var copy = original
            copy.replaceSubrange(offset..<offset + bytes.count, with: bytes)
            let file = xkcd.dataDirectory.appendingPathComponent(name)
            try copy.write(to: file)
            return file
        }
        let scrambled = try damaged(
            "scrambled.model", at: original.count / 2, with: Array(repeating: 0x55, count: 4096))
        let sync = try xkcd.run(["sync"], extraEnvironment: ["XKCD_MODEL": scrambled.path])
        #expect(sync.status == 0, "\(sync.stderr)")
        let said =
            "not indexed by meaning: cannot use the sentence encoder's model: the model file \(scrambled.path) "
            + "is damaged: its weights' digest is "
        #expect(sync.stdout.contains(said), "\(sync.stdout)")
        let json = try xkcd.run(
            ["--json", "--offline", "search", "--by", "meaning", "python"],
            extraEnvironment: ["XKCD_MODEL": Self.model])
        #expect(json.status == 1 && json.stderr.contains("no index by meaning yet"), "\(json.stderr)")

        // The vector table of the word embeddings begins after the header and the vocabulary:
        // a NaN in the first row's scale is found as the file is read.
        let vocabulary = Int(original[88]) | Int(original[89]) << 8 | Int(original[90]) << 16 | Int(original[91]) << 24
        let scales = 92 + vocabulary + (4 - (92 + vocabulary) % 4) % 4
        let notNumbers = try damaged("nan.model", at: scales, with: [0xff, 0xff, 0xff, 0xff])
        let words = try xkcd.run(["--offline", "search", "python"], extraEnvironment: ["XKCD_MODEL": notNumbers.path])
        #expect(words.status == 0 && words.stdout.contains("#353"), "\(words.stderr)")
        #expect(
            words.stderr.contains("\(notNumbers.path) is damaged: the weight at byte \(scales) is not a finite number"),
            "\(words.stderr)")

        // The good model indexes every comic, and finds them by meaning.
        let again = try xkcd.run(["sync"], extraEnvironment: ["XKCD_MODEL": Self.model])
        #expect(again.status == 0 && again.stdout.contains("comics indexed by meaning"), "\(again.stdout)")
        let found = try hits(xkcd, ["search", "--by", "meaning", "python"], ["XKCD_MODEL": Self.model])
        #expect(found.first?["num"] as? Int == 353)

        // Searching with the damaged one, its numbers all numbers, is refused too: by meaning
        // with one error line, the usual search by words with a note.
        let byMeaning = try xkcd.run(
            ["--offline", "search", "--by", "meaning", "python"], extraEnvironment: ["XKCD_MODEL": scrambled.path])
        #expect(byMeaning.status == 1 && byMeaning.errorLines.count == 1, "\(byMeaning.stderr)")
        #expect(byMeaning.stderr.contains("is damaged: its weights' digest is "), "\(byMeaning.stderr)")
        let fused = try xkcd.run(["--offline", "search", "python"], extraEnvironment: ["XKCD_MODEL": scrambled.path])
        #expect(fused.status == 0 && fused.stdout.contains("#353"), "\(fused.stderr)")
        #expect(fused.stderr.contains("is damaged") && fused.stderr.contains("searching by words alone"))
        // The good model is still known good.
        #expect(
            try hits(xkcd, ["search", "--by", "meaning", "python"], ["XKCD_MODEL": Self.model]).first?["num"] as? Int
                == 353)
    }

    @Test(.enabled(if: !model.isEmpty, "XKCD_TEST_MODEL is unset: make test builds the model and names it"))
    func theREPLsSyncGivesThePromptBackAndBuildsTheIndexBehindIt() throws {
        let server = try XKCDTestServer(archive: try ComicArchive.fixtures(at: ComicArchive.locateFixtures()))
        defer { server.stop() }
        let xkcd = try XKCDBinary(baseURL: server.baseURL)
        defer { xkcd.cleanUp() }
        var environment = xkcd.environment
        environment["XKCD_MODEL"] = Self.model
        // Wide enough that no notice is wrapped, tall enough that no list goes to the pager.
        let terminal = try PseudoTerminal(
            executable: XKCDBinary.url, environment: environment, columns: 200, rows: 200)
        _ = try terminal.waitFor("> ")
        terminal.sendLine("sync")
        _ = try terminal.waitFor("by meaning in the background", timeout: .seconds(60))
        // The prompt is back before the index is built: a comic is shown meanwhile.
        terminal.sendLine("goto 353")
        _ = try terminal.waitFor("xkcd #353> ", timeout: .seconds(30))
        // Each Enter gives a prompt, before which the finished build is told.
        let deadline = Date().addingTimeInterval(300)
        while !terminal.output.contains("the index by meaning is built"), Date() < deadline {
            terminal.sendLine("")
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(terminal.output.contains("comics indexed, and search finds comics by meaning"))
        terminal.sendLine("search someone hovering in the sky thanks to a scripting language learned overnight")
        _ = try terminal.waitFor("close in meaning", timeout: .seconds(30))
        // Ctrl-D at the prompt: keys typed while a command still prints are not yet kept for the next.
        _ = try terminal.waitFor("xkcd #353> ", timeout: .seconds(30))
        terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }
}
