import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// Search by meaning over a copy of the synced store in `warm`: building the index beside
    /// ONNX Runtime encoding the same texts, how often a comic is found from a description (the
    /// fused ranking beside words alone), how long a query takes in the REPL and as one command,
    /// and the memory both take. Left out without `--model`.
    func meaningRows(warm: URL, server: XKCDTestServer, into table: inout Table) throws {
        guard let model = options.model else {
            log("search by meaning … left out: no --model")
            return
        }
        log("index by meaning …")
        let indexed = try copy(of: warm, named: "meaning")
        var withModel = environment(indexed, server: server)
        withModel["XKCD_MODEL"] = model
        let build = try Spawn.run(options.xkcd, ["sync"], environment: withModel)
        guard build.status == 0 else { throw BenchError("sync with the model failed (\(build.status))") }
        let store = try ComicStore.open(at: indexed.appendingPathComponent("xkcd.sqlite3"))
        let stored = try store.storedNumbers().sorted()
        let texts = try store.meaningTexts(stored).flatMap(\.texts)
        let floor = try encoderFloor(texts: texts)
        table.add(
            "index by meaning: `sync` encoding \(texts.count) texts of \(stored.count) comics (comics stored)",
            ours: build.seconds,
            floor: floor, floorName: "ONNX Runtime, int8 all-MiniLM-L6-v2, the same texts, same cores",
            goal: .ratio(1.5))
        let building = try copy(of: warm, named: "meaning-rss")
        var buildingEnvironment = environment(building, server: server)
        buildingEnvironment["XKCD_MODEL"] = model
        let buildRSS = try Spawn.peakRSS(options.xkcd, ["sync"], environment: buildingEnvironment, scratch: work)
        let wordsRSS = try Spawn.peakRSS(
            options.xkcd, ["sync"], environment: environment(try copy(of: warm, named: "words-rss"), server: server),
            scratch: work)
        table.addMemory(
            "peak RSS of that `sync`", ours: buildRSS, floor: wordsRSS, limit: 200 << 20,
            floorName: "a `sync` with nothing to do and no model")

        log("search by meaning …")
        let channel = try LineChannel(options.xkcd, ["--json", "--offline"], environment: withModel)
        let words = try LineChannel(
            options.xkcd, ["--json", "--offline"], environment: environment(indexed, server: server))
        defer {
            channel.close()
            words.close()
        }
        var times: [Double] = []
        var wordsTimes: [Double] = []
        func rank(_ sets: [(num: Int, query: String)], within places: Int) throws -> (fused: Int, words: Int) {
            var found = (fused: 0, words: 0)
            for (num, query) in sets {
                let line = Self.promptLine(query)
                let fused = try channel.exchange(line, until: { _ in true })
                let alone = try words.exchange(line, until: { _ in true })
                times.append(fused.seconds)
                wordsTimes.append(alone.seconds)
                if try Self.hitNumbers(fused.lines.last).prefix(places).contains(num) { found.fused += 1 }
                if try Self.hitNumbers(alone.lines.last).prefix(places).contains(num) { found.words += 1 }
            }
            return found
        }
        let meanings = try SearchFixtures.meanings()
        let described = try rank(meanings, within: 3)
        table.addShare(
            "`search`: comics described in other words (Fixtures/search/meanings.tsv), comic in the top 3",
            ours: described.fused, floor: described.words, of: meanings.count, floorName: "words alone", least: 0.6)
        let blind = try SearchFixtures.blindMeanings()
        let unseen = try rank(blind, within: 3)
        table.addShare(
            "`search`: more, described by someone who saw no result (Fixtures/search/meanings-blind.tsv), top 3",
            ours: unseen.fused, floor: unseen.words, of: blind.count, floorName: "words alone", least: 0.6)
        let sentences = try SearchFixtures.sentences()
        let remembered = try rank(sentences, within: 3)
        table.addShare(
            "`search` by words and meaning: sentences (Fixtures/search/sentences.tsv), comic in the top 3",
            ours: remembered.fused, floor: remembered.words, of: sentences.count, floorName: "words alone",
            least: 0.9)
        let titles = try SearchFixtures.titles()
        let typed = try rank(titles, within: 1)
        table.addShare(
            "`search` by words and meaning: titles typed (Fixtures/search/titles.tsv), the comic first",
            ours: typed.fused, floor: typed.words, of: titles.count, floorName: "words alone", least: 0.95)
        table.add(
            "`search` in the REPL, model loaded (\(times.count) queries of those sets, 90th percentile)",
            ours: Measure.percentile(times, 0.9), floor: Measure.percentile(wordsTimes, 0.9),
            floorName: "the same searches by words alone", goal: .absolute(0.030))

        var oneShot: [Double] = []
        for (_, query) in meanings.prefix(20) {
            // Words as a shell passes them: one argument with spaces would be a phrase.
            let words = query.split(separator: " ").map(String.init)
            let run = try Spawn.run(options.xkcd, ["--offline", "search"] + words, environment: withModel)
            guard run.status == 0 else { throw BenchError("search \(query) failed (\(run.status))") }
            oneShot.append(run.seconds)
        }
        var oneShotWords: [Double] = []
        for (_, query) in meanings.prefix(20) {
            oneShotWords.append(
                try Spawn.run(
                    options.xkcd, ["--offline", "search"] + query.split(separator: " ").map(String.init),
                    environment: environment(indexed, server: server)
                ).seconds)
        }
        table.add(
            "`xkcd search` as one command, the model read each time (20 descriptions, 90th percentile)",
            ours: Measure.percentile(oneShot, 0.9), floor: Measure.percentile(oneShotWords, 0.9),
            floorName: "the same commands by words alone", goal: .absolute(0.100))

        let script = work.appendingPathComponent("meaning-rss-script.txt")
        try (0..<100).map { Self.promptLine(meanings[$0 % meanings.count].query) }.joined(separator: "\n")
            .write(to: script, atomically: true, encoding: .utf8)
        let searchRSS = try Spawn.peakRSS(
            options.xkcd, ["--offline"], environment: withModel, input: script.path, scratch: work)
        let wordsSearchRSS = try Spawn.peakRSS(
            options.xkcd, ["--offline"], environment: environment(indexed, server: server), input: script.path,
            scratch: work)
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

    // A copy of the store in `dataDirectory`, in a directory of its own named `name`.
    private func copy(of dataDirectory: URL, named name: String) throws -> URL {
        let copy = try directory(name)
        try FileManager.default.copyItem(
            at: dataDirectory.appendingPathComponent("xkcd.sqlite3"), to: copy.appendingPathComponent("xkcd.sqlite3"))
        return copy
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
