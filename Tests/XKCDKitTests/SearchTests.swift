import Foundation
import TestSupport
import Testing

@testable import XKCDKit

@Suite struct SearchQueryTests {
    @Test func buildsSafeExpressions() {
        #expect(SearchQuery.ftsExpression("import antigravity") == #""import" "antigravity""#)
        #expect(SearchQuery.ftsExpression(#""import antigravity""#) == #""import antigravity""#)
        #expect(SearchQuery.ftsExpression("anti*") == #""anti"*"#)
        #expect(SearchQuery.ftsExpression(#"unbalanced "quote"#) == #""unbalanced" "quote""#)
        #expect(SearchQuery.ftsExpression("AND OR NOT NEAR") == #""AND" "OR" "NOT" "NEAR""#)
        #expect(SearchQuery.ftsExpression("c++ (rust) -go ^x {y}: z") == #""c" "rust" "go" "x" "y" "z""#)
        #expect(SearchQuery.ftsExpression("***") == nil)
        #expect(SearchQuery.ftsExpression("   ") == nil)
        #expect(SearchQuery.ftsExpression("Pokémon 日本") == #""Pokémon" "日本""#)
    }

    @Test func aSentenceIsReadAsAnyOfItsMeaningfulWords() {
        #expect(
            SearchQuery.expression("can't come to bed, someone is wrong on the internet")
                == #""come" OR "bed" OR "someone" OR "wrong" OR "internet""#)
        #expect(SearchQuery.expression("Her kid's name") == #""kid" OR "name""#, "contractions leave no stray letter")
        #expect(SearchQuery.expression("the who") == #""the" OR "who""#, "only stopwords: searched as typed")
        #expect(SearchQuery.expression("Pokémon 日本") == #""Pokémon" OR "日本""#)
    }

    @Test func phrasesPrefixesAndOperatorsKeepFTS5sMeaning() {
        #expect(SearchQuery.expression(#""little bobby tables" mom"#) == #""little bobby tables" "mom""#)
        #expect(SearchQuery.expression("antigrav* python") == #""antigrav"* "python""#)
        #expect(SearchQuery.expression("python NOT perl") == #""python" NOT "perl""#)
        #expect(SearchQuery.expression("python AND perl OR ruby") == #""python" AND "perl" OR "ruby""#)
        #expect(SearchQuery.expression("python and perl") == #""python" OR "perl""#, "lower case is a word")
    }

    @Test func strayQuotesLoneOperatorsAndStarsAreNotSyntax() {
        #expect(SearchQuery.expression(#"unbalanced "quote"#) == #""unbalanced" OR "quote""#)
        #expect(SearchQuery.expression("NOT python") == #""python""#, "NOT with nothing before it is a word")
        #expect(SearchQuery.expression("python OR") == #""python""#)
        #expect(SearchQuery.expression("AND") == #""AND""#)
        #expect(SearchQuery.expression("*") == nil)
        #expect(SearchQuery.expression(#"""#) == nil)
    }
}

/// Search over the fixtures' real comics, stored through a sync of the loopback server.
@Suite final class SearchTests {
    private let workspace: Workspace
    var server: XKCDTestServer { workspace.server }
    var directory: URL { workspace.directory }
    let session: Session

    init() async throws {
        workspace = try Workspace("search")
        session = try TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
            .session()
        // Store every fixture comic (show stores without navigating).
        for num in try ComicArchive.fixtures(at: ComicArchive.locateFixtures()).bodies.keys {
            _ = try await session.run(.show(.number(num)))
        }
    }

    func hits(_ query: String) async throws -> [SearchHit] {
        let outcome = try await session.run(.search(query))
        guard case let .searchResults(_, hits, _, _, _) = outcome else {
            Issue.record("no search results for \(query.debugDescription): \(outcome)")
            return []
        }
        return hits
    }

    @Test func importAntigravityFindsPythonFirst() async throws {
        let found = try await hits("import antigravity")
        #expect(found.first?.num == 353)
        let snippet = try #require(found.first?.snippet)
        #expect(snippet.contains("\u{E000}import\u{E001}"))
        #expect(snippet.contains("\u{E000}antigravity\u{E001}"))
        #expect(try await hits(#""import antigravity""#).first?.num == 353)
    }

    @Test func aSentenceFindsTheComicMeantAndMoreMatchedWordsRankFirst() async throws {
        #expect(try await hits("the one where his mom named her kid after a database injection").first?.num == 327)
        #expect(try await hits("I wrote some short programs and then I could fly").first?.num == 353)
        // Both words in one comic outrank either word alone.
        let both = try await hits("python perl")
        #expect(both.first?.num == 353)
    }

    @Test func theBestTenThenHowManyMoreAndLimitOrAllForTheRest() async throws {
        #expect(try CommandParser.commands("search the comic --limit 3") == [.search("the comic", limit: 3)])
        #expect(try CommandParser.commands("search -n 3 the comic") == [.search("the comic", limit: 3)])
        #expect(try CommandParser.commands("search the comic --all") == [.search("the comic", limit: nil)])
        #expect(try CommandParser.commands("search the comic") == [.search("the comic", limit: 10)])
        guard case let .searchResults(_, first, total, _, _) = try await session.run(.search("the", limit: 3)) else {
            Issue.record("no results")
            return
        }
        #expect(first.count == 3 && total > 3, "\(total)")
        let text = Renderer(width: 80, color: false, json: false).render(
            .searchResults(query: "the", hits: first, total: total))
        let hint = total - 3 > 10 ? "xkcd search the --limit 13 (or --all)" : "xkcd search the --all"
        #expect(text.hasSuffix("… \(total - 3) more: \(hint)\n"))
        guard case let .searchResults(_, all, allTotal, _, _) = try await session.run(.search("the", limit: nil)) else {
            Issue.record("no results")
            return
        }
        #expect(all.count == total && allTotal == total)
        #expect(Array(all.prefix(3)) == first, "the same order")
    }

    @Test func eachHitSaysWhichWordsItHolds() async throws {
        let found = try await hits("I wrote some short programs and then I could fly")
        #expect(found.first?.num == 353)
        #expect(found.first?.terms == ["wrote", "short", "programs"], "the transcript says flying: no stems")
        let text = Renderer(width: 100, color: false, json: false).render(
            .searchResults(query: "q", hits: Array(found.prefix(1)), total: 1))
        #expect(text.hasPrefix("#353 Python · in the alt text · wrote, short, programs\n"))
        let single = try await hits("antigravity")
        #expect(single.first?.terms == ["antigravity"])
    }

    @Test func titlesOutrankBodies() async throws {
        #expect(try await hits("python").first?.num == 353)
        #expect(try await hits("barrel").first?.num == 1)
    }

    @Test func prefixesAccentsAndRepairedTextAreFound() async throws {
        #expect(try await hits("antigrav*").map(\.num).contains(353))
        #expect(try await hits("pokemon").first?.num == 1705)
        #expect(try await hits("erdős").map(\.num).contains(403), "the repaired transcript is indexed")
        #expect(try await hits("clichéd").first?.num == 259)
    }

    @Test func hostileQueriesStillWork() async throws {
        for query in [
            #"""#, #""import"#, "AND", "OR OR", "NOT python", "*", "(", "python)", "NEAR(a b)", "a:b",
            "{title}: python", "^python", "-python", String(repeating: "x", count: 10_000), "\u{1B}[31m", "';--",
        ] {
            do {
                _ = try await session.run(.search(query))
            } catch let error as XKCDError {
                #expect(error.localizedDescription.hasPrefix("nothing to search for"), "\(query.prefix(20))")
            }
        }
    }

    @Test func searchByNumberGoesThere() throws {
        #expect(try CommandParser.commands("search 353") == [.goto(.number(353))])
        #expect(try CommandParser.commands("search #353") == [.goto(.number(353))])
        #expect(try CommandParser.commands("/python") == [.search("python")])
        #expect(try CommandParser.commands("s import antigravity") == [.search("import antigravity")])
    }

    @Test func renderedHitsHighlightOnlyOnColourTerminals() async throws {
        let outcome = try await session.run(.search("antigravity"))
        let plain = Renderer(width: 80, color: false, json: false).render(outcome)
        #expect(plain.hasPrefix("#353 Python · in the transcript\n"), "antigravity is in its transcript, not its title")
        #expect(!plain.contains("\u{E000}") && !plain.contains("\u{1B}"))
        let colour = Renderer(width: 80, color: true, json: false).render(outcome)
        #expect(colour.contains("\u{1B}[1mantigravity\u{1B}[0m"))
        let json = Renderer(width: 80, color: true, json: true).render(outcome)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let first = (object?["hits"] as? [[String: Any]])?.first
        #expect(first?["num"] as? Int == 353)
        #expect((first?["snippet"] as? String)?.contains("antigravity") == true)
        #expect(first?["matched"] as? String == "transcript")
    }
}

/// A pasted flood of words is cut to the first terms, so FTS5 answers at once.
struct SearchQueryLimitTests {
    @Test func aFloodOfWordsKeepsOnlyTheFirstTerms() throws {
        let query = String(repeating: "\u{1B}x", count: 100_000)
        let expression = try #require(SearchQuery.ftsExpression(query))
        #expect(expression.split(separator: " ").count == SearchQuery.maxTerms)
    }

    @Test func aPhraseOfAMegabyteKeepsOnlyItsFirstWords() throws {
        let phrase = (0..<200_000).map { "w\($0 % 1000)" }.joined(separator: " ")
        let tokens = SearchQuery.tokens("python \"\(phrase)\" \"more words\"")
        #expect(tokens.count == 2)
        guard case let .phrase(kept) = tokens.last else { return #expect(Bool(false), "\(tokens.prefix(2))") }
        #expect(kept.split(separator: " ").count == SearchQuery.maxTerms - 1)
        #expect(kept.hasPrefix("w0 w1 w2 "))
        #expect(SearchQuery.words(of: tokens).count == SearchQuery.maxTerms)
        // Quotes by the hundred thousand, each pair holding nothing, are read in one pass.
        let quotes = String(repeating: "\"", count: 200_000) + " python"
        #expect(SearchQuery.tokens(quotes) == [.word("python")])
    }
}

@Suite struct EditDistanceTests {
    @Test func neighboursSwappedAreOneEdit() {
        #expect(EditDistance.between("hrose", "horse") == 1)
        #expect(EditDistance.between("velociraptr", "velociraptor") == 1)
        #expect(EditDistance.between("abc", "cba") == 2)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.between("python", "python") == 0)
    }
}

/// The index holds no text of its own: each change to a comic or its explanation removes the
/// entry made from the stored text and adds the new one, and the index stays true to the text.
@Suite struct SearchIndexUpkeepTests {
    let store: ComicStore

    init() throws {
        store = try ComicStore.inMemory()
        let comics = [1, 2, 3].map { num in
            Comic(
                num: num, title: "Comic \(num)", safeTitle: "Comic \(num)", alt: "ferret \(num)", img: "", year: 2020,
                month: 1, day: num)
        }
        try store.save(comics, absent: [], at: Date())
    }

    private func found(_ word: String) throws -> [Int] {
        try store.search("\"\(word)\"", ranking: .relevance, limit: nil).hits.map(\.num)
    }

    private func checkIndex() throws {
        try store.write { db in
            try db.execute("INSERT INTO comic_fts(comic_fts, rank) VALUES('integrity-check', 1)")
        }
    }

    @Test func aReplacedComicIsFoundByItsNewTextOnly() throws {
        try store.save(
            Comic(num: 2, title: "Comic 2", safeTitle: "Comic 2", alt: "badger", img: "", year: 2020, month: 1, day: 2),
            at: Date())
        try checkIndex()
        #expect(try found("ferret") == [1, 3])
        #expect(try found("badger") == [2])
    }

    @Test func aReplacedExplanationIsFoundByItsNewTextOnlyAndItsComicsTextStays() throws {
        let first = ExplainPage(
            num: 2, title: "2: Comic 2", wikitext: "==Explanation==\nAn otter.\n==Transcript==\n:A heron.")
        try store.saveExplanation(first, at: Date())
        try checkIndex()
        #expect(try found("otter") == [2] && found("heron") == [2])
        let second = ExplainPage(num: 2, title: "2: Comic 2", wikitext: "==Explanation==\nA stoat.")
        try store.saveExplanation(second, at: Date())
        try checkIndex()
        #expect(try found("otter").isEmpty && found("heron").isEmpty)
        #expect(try found("stoat") == [2])
        #expect(try Set(found("ferret")) == [1, 2, 3])
        // A comic stored again keeps its explanation in the index.
        try store.save(
            Comic(
                num: 2, title: "Comic 2", safeTitle: "Comic 2", alt: "ferret 2", img: "", year: 2020, month: 1, day: 2),
            at: Date())
        try checkIndex()
        #expect(try found("stoat") == [2])
    }

    @Test func anExplanationBeforeItsComicIsIndexedWhenTheComicComes() throws {
        try store.saveExplanation(ExplainPage(num: 9, title: "9: Comic 9", wikitext: "A weasel."), at: Date())
        #expect(try found("weasel").isEmpty)
        try store.save(
            Comic(num: 9, title: "Comic 9", safeTitle: "Comic 9", alt: "", img: "", year: 2020, month: 1, day: 9),
            at: Date())
        try checkIndex()
        #expect(try found("weasel") == [9])
    }

    @Test func clearingKeepsTheFavoritesSearchable() throws {
        try store.saveExplanation(ExplainPage(num: 3, title: "3: Comic 3", wikitext: "A mink."), at: Date())
        _ = try store.addFavorite(3, at: Date())
        _ = try store.clearAllButFavorites()
        try checkIndex()
        #expect(try found("ferret") == [3] && found("mink") == [3])
    }
}
