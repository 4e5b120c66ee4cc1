import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// Search by meaning on the path a user takes: a plain `sync` of the archive with
    /// explainxkcd's real pages (`../shared/real-data`) served on loopback, with the model, beside
    /// the same sync without it plus ONNX Runtime encoding the same texts; its peak memory; how
    /// often a comic is found from a description passed as one quoted argument, as a shell user
    /// types it (the fused ranking beside words alone); how long a query takes as one command and
    /// in the REPL, and the memory searches take. Left out without `--model`.
    func meaningRows(archive: ComicArchive, into table: inout Table) throws {
        guard let model = options.model else {
            log("search by meaning … left out: no --model")
            return
        }
        let server = try XKCDTestServer(archive: archive, servesImages: false)
        defer { server.stop() }
        let pages = server.serveRealPages(try RealData().pages())
        log("explainxkcd's real pages: \(pages.count) served")

        log("plain sync, without and with the model …")
        let wordsOnly = try directory("words-only")
        let plain = try Spawn.run(options.xkcd, ["sync"], environment: environment(wordsOnly, server: server))
        guard plain.status == 0 else { throw BenchError("sync without the model failed (\(plain.status))") }
        let indexed = try directory("meaning")
        var withModel = environment(indexed, server: server)
        withModel["XKCD_MODEL"] = model
        let build = try Spawn.run(options.xkcd, ["sync"], environment: withModel)
        guard build.status == 0 else { throw BenchError("sync with the model failed (\(build.status))") }
        let store = try ComicStore.open(at: indexed.appendingPathComponent("xkcd.sqlite3"))
        let stored = try store.storedNumbers().sorted()
        let texts = try store.meaningTexts(stored).flatMap(\.texts)
        let floor = try encoderFloor(texts: texts)
        table.add(
            "plain `sync` into an empty data dir, as installed: \(stored.count) comics, \(pages.count) real "
                + "explainxkcd pages, index by meaning of \(texts.count) texts",
            ours: build.seconds, floor: plain.seconds + floor,
            floorName:
                "the same sync without the model + ONNX Runtime, int8 all-MiniLM-L6-v2, the same texts, same cores",
            goal: .ratio(1.3))
        let indexBytes = try store.meaningIndexBytes()
        table.addMemory(
            "  the index by meaning in the store (\(texts.count) vectors)", ours: indexBytes,
            floor: texts.count * 384 * 4, limit: 4 << 20, floorName: "the vectors as 32-bit floats")
        table.addMemory(
            "  the whole database, explanations and index included", ours: Self.fileBytes(indexed),
            floor: Self.fileBytes(wordsOnly), limit: 30 << 20, floorName: "the same without the index")
        let buildRSS = try Spawn.peakRSS(
            options.xkcd, ["sync"],
            environment: withModel.merging(["XKCD_DATA_DIR": try directory("meaning-rss").path]) {
                $1
            }, scratch: work)
        let wordsRSS = try Spawn.peakRSS(
            options.xkcd, ["sync"], environment: environment(try directory("words-rss"), server: server), scratch: work)
        table.addMemory(
            "  peak RSS of that `sync`", ours: buildRSS, floor: wordsRSS, limit: 200 << 20,
            floorName: "the same sync without the model")

        log("search by meaning …")
        let wordsAlone = environment(indexed, server: server)
        var oneShot: [Double] = []
        var oneShotWords: [Double] = []
        let answer = work.appendingPathComponent("search.json").path
        // Each description as one argument, quoted as a shell user quotes a sentence; the comics
        // the search found, best first.
        func search(_ query: String, _ environment: [String: String], into times: inout [Double]) throws -> [Int] {
            let run = try Spawn.run(
                options.xkcd, ["--offline", "--json", "search", query], environment: environment, output: answer)
            guard run.status == 0 else { throw BenchError("search \(query) failed (\(run.status))") }
            times.append(run.seconds)
            return try Self.hitNumbers(try String(contentsOfFile: answer, encoding: .utf8))
        }
        func rank(_ sets: [(num: Int, query: String)], within places: Int) throws -> (fused: Int, words: Int) {
            var found = (fused: 0, words: 0)
            for (num, query) in sets {
                if try search(query, withModel, into: &oneShot).prefix(places).contains(num) { found.fused += 1 }
                if try search(query, wordsAlone, into: &oneShotWords).prefix(places).contains(num) { found.words += 1 }
            }
            return found
        }
        let sets: [(name: String, queries: [(num: Int, query: String)], places: Int, least: Double)] = [
            (
                "comics described in other words (Fixtures/search/meanings.tsv), comic in the top 3",
                try SearchFixtures.meanings(), 3, 0.7
            ),
            (
                "more, described by someone who saw no result (Fixtures/search/meanings-blind.tsv), top 3",
                try SearchFixtures.blindMeanings(), 3, 0.75
            ),
            (
                "comics after #1677, described blind (Fixtures/search/meanings-late.tsv), top 3",
                try SearchFixtures.lateMeanings(), 3, 0.7
            ),
            ("sentences (Fixtures/search/sentences.tsv), comic in the top 3", try SearchFixtures.sentences(), 3, 0.9),
            ("titles typed (Fixtures/search/titles.tsv), the comic first", try SearchFixtures.titles(), 1, 0.95),
        ]
        for set in sets {
            let found = try rank(set.queries, within: set.places)
            table.addShare(
                "`xkcd search \"…\"` after a plain sync: \(set.name)", ours: found.fused, floor: found.words,
                of: set.queries.count, floorName: "words alone", least: set.least)
        }
        table.add(
            "`xkcd search \"…\"` as one command, the model read each time (\(oneShot.count) queries, 90th percentile)",
            ours: Measure.percentile(oneShot, 0.9), floor: Measure.percentile(oneShotWords, 0.9),
            floorName: "the same commands by words alone", goal: .absolute(0.100))

        let meanings = try SearchFixtures.meanings()
        let channel = try LineChannel(options.xkcd, ["--json", "--offline"], environment: withModel)
        let words = try LineChannel(options.xkcd, ["--json", "--offline"], environment: wordsAlone)
        defer {
            channel.close()
            words.close()
        }
        var times: [Double] = []
        var wordsTimes: [Double] = []
        for (_, query) in meanings + (try SearchFixtures.sentences()) {
            let line = Self.promptLine(query)
            times.append(try channel.exchange(line, until: { _ in true }).seconds)
            wordsTimes.append(try words.exchange(line, until: { _ in true }).seconds)
        }
        table.add(
            "`search` in the REPL, model loaded (\(times.count) queries of those sets, 90th percentile)",
            ours: Measure.percentile(times, 0.9), floor: Measure.percentile(wordsTimes, 0.9),
            floorName: "the same searches by words alone", goal: .absolute(0.030))

        let script = work.appendingPathComponent("meaning-rss-script.txt")
        try (0..<100).map { Self.promptLine(meanings[$0 % meanings.count].query) }.joined(separator: "\n")
            .write(to: script, atomically: true, encoding: .utf8)
        let searchRSS = try Spawn.peakRSS(
            options.xkcd, ["--offline"], environment: withModel, input: script.path, scratch: work)
        let wordsSearchRSS = try Spawn.peakRSS(
            options.xkcd, ["--offline"], environment: wordsAlone, input: script.path, scratch: work)
        table.addMemory(
            "peak RSS of 100 searches by words and meaning in one session", ours: searchRSS, floor: wordsSearchRSS,
            limit: 120 << 20, floorName: "the same by words alone")
    }

    // `search QUERY` as a line of the prompt reads it: an apostrophe that ends a word (kids')
    // would open a quote there and a semicolon end the command, so they are typed as ’ and ,.
    private static func promptLine(_ query: String) -> String {
        let characters = Array(query)
        let typed = characters.indices.map { index -> Character in
            let character = characters[index]
            let inWord = index > 0 && index + 1 < characters.count && characters[index + 1].isLetter
            if character == "'" && !inWord { return "’" }
            return character == ";" ? "," : character
        }
        return "search " + String(typed)
    }

    // The size of the store in `dataDirectory`.
    private static func fileBytes(_ dataDirectory: URL) -> Int {
        let path = dataDirectory.appendingPathComponent("xkcd.sqlite3").path
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    // The numbers of the hits in a `--json search` answer, best first.
    private static func hitNumbers(_ line: String?) throws -> [Int] {
        guard let line, let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return []
        }
        return (object["hits"] as? [[String: Any]] ?? []).compactMap { $0["num"] as? Int }
    }

    // The seconds ONNX Runtime takes to encode `texts` (scripts/encoder-floor.py), its own
    // start-up and model loading left out.
    private func encoderFloor(texts: [String]) throws -> Double {
        let file = work.appendingPathComponent("meaning-texts.json")
        try JSONSerialization.data(withJSONObject: texts).write(to: file)
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: try Machine.which("python3"))
        process.arguments = ["scripts/encoder-floor.py", file.path]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let seconds = answer["seconds"] as? Double
        else { throw BenchError("scripts/encoder-floor.py failed (\(process.terminationStatus))") }
        return seconds
    }
}
