import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `more` over the fixtures' real comics: the next page of the last search, then a clear end;
/// and the hint after a page, at the prompt and in the shell.
extension SearchTests {
    private func results(_ command: Command) async throws -> (hits: [SearchHit], offset: Int, total: Int) {
        switch try await session.run(command) {
        case let .searchResults(_, hits, total, _, _): return (hits, 0, total)
        case let .moreHits(_, hits, offset, total, _): return (hits, offset, total)
        case let other: throw PagingFailure(description: "not search results: \(other)")
        }
    }

    private struct PagingFailure: Error, CustomStringConvertible {
        var description: String
    }

    @Test func moreShowsTheNextTenUntilEveryHitWasShown() async throws {
        let all = try await results(.search("alt text", limit: nil))
        #expect(all.total > 20, "three pages at least")
        let first = try await results(.search("alt text"))
        var shown = first.hits
        while shown.count < all.total {
            let page = try await results(.more)
            #expect(page.offset == shown.count && page.total == all.total)
            #expect(page.hits.count == min(10, all.total - shown.count))
            shown += page.hits
        }
        #expect(shown == all.hits, "the pages in order make the whole list")
        let end = try await results(.more)
        #expect(end.hits.isEmpty && end.offset == all.total)
        #expect(
            Renderer(width: 80, color: false, json: false).render(
                .moreHits(query: "alt text", hits: [], offset: all.total, total: all.total))
                == "no more hits for 'alt text': all \(all.total) were shown\n")
        #expect(
            Renderer(width: 80, color: false, json: false).render(
                .moreHits(query: "q", hits: [], offset: 1, total: 1)) == "no more hits for 'q': its one hit was shown\n"
        )
    }

    @Test func moreGoesOnFromALimitAndFromThePhraseSearched() async throws {
        let phrase = try await results(.search(#""alt text""#, limit: nil))
        let words = try await results(.search("alt text", limit: nil))
        #expect(phrase.total > 1 && phrase.total < words.total)
        _ = try await results(.search(#""alt text""#, limit: 1))
        let page = try await results(.more)
        #expect(page.offset == 1 && page.hits == Array(phrase.hits.dropFirst().prefix(10)))
    }

    @Test func moreBeforeAnySearchSaysSo() async throws {
        await #expect(throws: XKCDError.cannotDo("no search to show more of yet — search first, e.g. search python")) {
            _ = try await self.session.run(.more)
        }
        // A search by number is a move, not a search to go on with.
        _ = try await session.run(CommandParser.commands("search 353")[0])
        await #expect(throws: XKCDError.self) { _ = try await self.session.run(.more) }
    }

    @Test func theHintNamesMoreAtThePromptAndTheWholeCommandInTheShell() async throws {
        // The hint's words need no comics: a page of hits said to be 25 short of the whole.
        let first = try await results(.search("alt text"))
        let left = 25
        let outcome = Outcome.searchResults(
            query: #""alt text" OR it's"#, hits: first.hits, total: first.hits.count + left)
        var renderer = Renderer(width: 200, color: false, json: false)
        #expect(
            renderer.render(outcome).hasSuffix(
                "… \(left) more: xkcd search '\"alt text\"' OR \"it's\" --limit 20 (or --all)\n"),
            "the phrase's quotes are quoted for the shell, which reads the words back as the query")
        renderer.atAPrompt = true
        #expect(renderer.render(outcome).hasSuffix("… \(left) more: type more for the next 10\n"))
        let last = Outcome.moreHits(
            query: "-x", hits: Array(first.hits.prefix(1)), offset: 30, total: 33)
        #expect(renderer.render(last).hasSuffix("… 2 more: type more to see them\n"))
        renderer.atAPrompt = false
        #expect(renderer.render(last).hasSuffix("… 2 more: xkcd search --all -- -x\n"))
        let pasted = Outcome.searchResults(
            query: String(repeating: "words ", count: 100), hits: first.hits, total: first.hits.count + left)
        #expect(renderer.render(pasted).hasSuffix("… \(left) more: the same search with --limit 20 (or --all)\n"))
        // The command repeats the options the search ran with: without them it would rank anew.
        let byMeaning = Outcome.searchResults(
            query: "a bride", hits: first.hits, total: first.hits.count + left,
            options: SearchOptions(by: .meaning))
        #expect(
            renderer.render(byMeaning).hasSuffix(
                "… \(left) more: xkcd search a bride --by meaning --limit 20 (or --all)\n"))
        let exactByWords = Outcome.searchResults(
            query: "a bride", hits: first.hits, total: first.hits.count + left,
            options: SearchOptions(exact: true, by: .words))
        #expect(
            renderer.render(exactByWords).hasSuffix(
                "… \(left) more: xkcd search a bride --exact --by words --limit 20 (or --all)\n"))
        let moreByWords = Outcome.moreHits(
            query: "-x", hits: Array(first.hits.prefix(1)), offset: 30, total: 33, options: SearchOptions(by: .words))
        #expect(renderer.render(moreByWords).hasSuffix("… 2 more: xkcd search --by words --all -- -x\n"))
    }

    @Test func moreInJSONSaysWhereItsPageStarts() async throws {
        let outcome = Outcome.moreHits(query: "q", hits: [], offset: 10, total: 12)
        #expect(
            Renderer(width: 80, color: false, json: true).render(outcome)
                == #"{"query":"q","offset":10,"more":true,"total":12,"hits":[]}"# + "\n")
    }
}
