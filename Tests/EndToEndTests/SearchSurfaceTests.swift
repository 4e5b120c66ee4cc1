import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Search as each surface gives it: a query is text however the shell grouped it, a phrase is
/// one where its quotes are the query's own (inside the argument on argv; at the prompt, in `-c`
/// and in scripts, the line's), and the hint after a page of hits runs as printed (`more` at
/// the prompt, the whole command in the shell).
@Suite(.serialized) final class SearchSurfaceTests: LoopbackSuite {
    let loopback: Loopback

    // In the fixtures "alt text" is in few comics as a phrase, and either word in many.
    static let phrase = "alt text"

    init() throws {
        loopback = try Loopback()
        let sync = try xkcd.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    // How many comics `arguments` (a search, with --json) finds, and the queries' documents.
    private func totals(_ arguments: [String], stdin: String = "") throws -> [Int] {
        let run = try xkcd.run(["--offline", "--json"] + arguments, stdin: stdin)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return try run.stdout.split(separator: "\n").map { line in
            let document = try JSONReader.parse(Array(line.utf8))
            return try #require(document["total"]?.integer, "\(line)")
        }
    }

    @Test func aQuotedPhraseIsAPhraseInEverySurface() throws {
        let anyOf = try totals(["search", "alt", "text"])
        let phrase = try totals(["search", "\"\(Self.phrase)\""])
        #expect(phrase.count == 1 && anyOf.count == 1)
        #expect(phrase[0] > 0 && phrase[0] < anyOf[0], "the fixtures must tell a phrase from its words")
        // argv: the shell's quotes keep words together; they are still words.
        #expect(try totals(["search", Self.phrase]) == anyOf)
        #expect(try totals(["/\(Self.phrase)"]) == anyOf)
        #expect(try totals(["/\"\(Self.phrase)\""]) == phrase)
        #expect(try totals(["-c", "search \"\(Self.phrase)\""]) == phrase)
        #expect(try totals(["-c", "search '\(Self.phrase)'; /\"\(Self.phrase)\""]) == phrase + phrase)
        #expect(try totals([], stdin: "search \"\(Self.phrase)\"\nsearch alt text\n") == phrase + anyOf)
    }

    @Test func aSentenceQuotedAsShellUsersQuoteFindsWhatItsWordsFind() throws {
        let sentence = "someone is wrong on the internet and it's late"
        let words = try totals(["search"] + sentence.split(separator: " ").map(String.init))
        #expect(words.count == 1 && words[0] > 0)
        #expect(try totals(["search", sentence]) == words)
        #expect(try totals(["-c", "search \(sentence)"]) == words, "unquoted at the prompt, apostrophe and all")
    }

    @Test func theREPLKeepsThePhraseAndMoreShowsTheNextHits() throws {
        let all = try totals(["search", "alt", "text"])[0]
        let phrase = try totals(["search", "\"\(Self.phrase)\""])[0]
        #expect(all > 20 && all <= 30, "three pages in the fixtures")
        let terminal = try PseudoTerminal(executable: XKCDBinary.url, environment: xkcd.environment)
        try terminal.waitFor("xkcd> ")
        func page(_ line: String, endingWith end: String) throws -> [String] {
            terminal.sendLine(line)
            try terminal.waitFor(end)
            try terminal.waitFor("xkcd> ")
            let screens = terminal.output.withoutEscapes.components(separatedBy: "xkcd> ")
            let lines = screens[screens.count - 2].split(whereSeparator: \.isNewline)
            return lines.map(String.init).filter { $0.range(of: #"^#\d+ "#, options: .regularExpression) != nil }
        }
        #expect(try page("more", endingWith: "no search to show more of yet").isEmpty)
        #expect(try page("search \"\(Self.phrase)\"", endingWith: "#").count == phrase)
        let first = try page("search alt text", endingWith: "… \(all - 10) more: type more for the next 10")
        let second = try page("more", endingWith: "… \(all - 20) more: type more to see them")
        let third = try page("more", endingWith: "\n")
        #expect(first.count == 10 && second.count == 10 && third.count == all - 20)
        #expect(Set(first + second + third).count == all, "no hit shown twice")
        #expect(try page("more", endingWith: "no more hits for 'alt text': all \(all) were shown").isEmpty)
        terminal.sendLine("quit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func theOneShotHintRunsAsPrinted() throws {
        // "title text" as a phrase has more than a page of hits, and fewer than its words.
        let phrase = try totals(["search", "\"title text\""])[0]
        let words = try totals(["search", "title", "text"])[0]
        #expect(phrase > 10 && phrase < 20 && phrase < words)
        let run = try xkcd.run(["--offline", "search", "\"title text\""])
        let hint = "… \(phrase - 10) more: xkcd search '\"title text\"' --all"
        #expect(run.stdout.hasSuffix(hint + "\n"), "\(run.stdout)")
        let command = String(hint.dropFirst("… \(phrase - 10) more: ".count))
        var environment = xkcd.environment
        environment["PATH"] = XKCDBinary.url.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let again = try ChildProcess.run("/bin/bash", ["-c", command + " --json --offline"], environment: environment)
        let document = try JSONReader.parse(Array(again.stdout.utf8))
        #expect(document["hits"]?.array?.count == phrase, "\(again.stdout) \(again.stderr)")

        let more = try xkcd.run(["--offline", "search", "alt", "text"])
        let left = try totals(["search", "alt", "text"])[0] - 10
        #expect(more.stdout.hasSuffix("… \(left) more: xkcd search alt text --limit 20 (or --all)\n"))
    }

    @Test func theShellReadsAHintsWordsBackUnchanged() throws {
        let queries: [[String]] = [
            ["make me a sandwich", "can't"], ["$HOME", "`date`", "a!b", "back\\slash"], [#"it's "quoted" here"#],
            ["pyth*", "?", "~x", "#1", "a;b", "日本 語"],
        ]
        for words in queries {
            let run = try ChildProcess.run("/bin/bash", ["-c", "printf '%s\\n' " + QueryWords.commandLine(words)])
            #expect(run.stdout == words.map { $0 + "\n" }.joined(), "\(QueryWords.commandLine(words))")
        }
    }

    @Test func aMegabyteLongPhraseAtThePromptIsAnsweredInLittleMemory() throws {
        // A pasted megabyte of words in quotes, on a line of its own (an argument holds at most
        // 128 KiB): FTS5 took memory for each of its words. Few malloc arenas, so that the
        // bound on memory does not depend on the number of processors.
        let words = String(repeating: "the alt text of a comic ", count: 40_000)
        let bounded = ["/bin/bash", "-c", "ulimit -v 1500000; exec /usr/bin/timeout -k 5 120 \"$@\"", "bash"]
        let run = try xkcd.run(
            ["--offline"], stdin: "search \"alt text \(words)\"\nsearch \"\(Self.phrase)\"\n",
            extraEnvironment: ["MALLOC_ARENA_MAX": "2"], through: bounded)
        #expect(run.status == 0, "\(run.status): \(run.stderr.prefix(300))")
        #expect(run.stdout.contains("no comic matches"), "\(run.stdout.prefix(300))")
        // The next line is answered as ever.
        #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix("#") }, "\(run.stdout.suffix(300))")
    }

    @Test func moreWithoutASearchIsAnError() throws {
        let run = try xkcd.run(["more"])
        #expect(run.status == 1)
        #expect(run.errorLines == ["error: no search to show more of yet — search first, e.g. search python"])
    }
}
