import Foundation
import Testing

@testable import XKCDKit

/// How search ranks: a title typed as such first, then for a short query every comic whose
/// title holds it, then the rest by relevance.
struct SearchRankingTests {
    @Test func aTitleIsTypedWhateverItsCasePunctuationAndArticles() {
        #expect(SearchRanking("exploits of a mom").isTyped("Exploits of a Mom"))
        #expect(SearchRanking("exploits of mom").isTyped("Exploits of a Mom"))
        #expect(SearchRanking("frequentists vs bayesians").isTyped("Frequentists vs. Bayesians"))
        #expect(SearchRanking("difference").isTyped("The Difference"))
        #expect(SearchRanking("Is it worth the time").isTyped("Is It Worth the Time?"))
        #expect(SearchRanking("self description").isTyped("Self-Description"))
        #expect(SearchRanking("cyber cafe").isTyped("Cyber Café"))
        #expect(!SearchRanking("python").isTyped("Monty Python -- Enough"))
        #expect(!SearchRanking("heartbleed").isTyped("Heartbleed Explanation"))
        #expect(!SearchRanking("worth the time").isTyped("Is It Worth the Time?"))
        #expect(SearchRanking("the").titleExpression == nil, "articles alone are no title")
    }

    @Test func onlyOneOrTwoWordsOrPhrasesMakeAShortQuery() {
        #expect(SearchRanking("python").short)
        #expect(SearchRanking("password strength").short)
        #expect(SearchRanking("the password strength").short, "stopwords are not searched for")
        #expect(SearchRanking("\"make me a sandwich\"").short)
        #expect(!SearchRanking("correct horse battery staple").short)
    }

    @Test func onlyAPlainQueryCanBeATitle() {
        #expect(SearchRanking("password strength").titleExpression == "title : (\"password\" AND \"strength\")")
        #expect(
            SearchRanking("tech support cheat sheet").titleExpression == "title : (\"tech\" AND \"support\")",
            "the first two words make the comics whose title may be the query few")
        #expect(SearchRanking("\"password strength\"").titleExpression == nil)
        #expect(SearchRanking("pass*").titleExpression == nil)
        #expect(!SearchRanking("\"ballmer peak\"").isTyped("Ballmer Peak"))
        #expect(SearchRanking.relevance.rankFunction(exact: []) == "search_rank(0, 10.0, 3.0, 1.5, 1.0)")
        #expect(SearchRanking("python").rankFunction(exact: [353]) == "search_rank(1, 10.0, 3.0, 1.5, 1.0, 353)")
    }

    // Comics whose text says a word many times, and short, outrank by bm25 alone a comic whose
    // title is the word, or holds it, and a long text besides.
    private func store() throws -> ComicStore {
        let store = try ComicStore.inMemory()
        func comic(_ num: Int, _ title: String, _ alt: String) -> Comic {
            Comic(num: num, title: title, safeTitle: title, alt: alt, img: "", year: 2014, month: 4, day: 1)
        }
        let filler = Array(repeating: "a long story about servers and keys and memory", count: 12).joined(
            separator: " ")
        try store.save(
            [
                comic(1353, "Heartbleed", "I looked at some of the data dumps. \(filler) heartbleed"),
                comic(1354, "Heartbleed Explanation", "heartbleed heartbleed heartbleed heartbleed"),
                comic(2000, "Bug Report", "heartbleed heartbleed heartbleed heartbleed heartbleed"),
                comic(2001, "Patch Day", "heartbleed, heartbleed and heartbleed again"),
                comic(16, "Monty Python -- Enough", "\(filler) python"),
                comic(353, "Python", "\(filler) python \(filler)"),
                comic(1987, "Snakes", "python python python python python"),
            ], absent: [], at: Date())
        return store
    }

    private func ranked(_ query: String, _ ranking: SearchRanking, in store: ComicStore) throws -> [Int] {
        try store.search(try #require(SearchQuery.expression(query)), ranking: ranking, limit: nil).hits.map(\.num)
    }

    @Test func theComicTitledAsTypedComesFirstThenTitlesThenText() throws {
        let store = try store()
        // bm25 alone, the ranking search had before, puts them otherwise.
        #expect(try ranked("heartbleed", .relevance, in: store).first != 1353)
        #expect(try ranked("python", .relevance, in: store).first != 353)

        #expect(try ranked("heartbleed", SearchRanking("heartbleed"), in: store).prefix(2) == [1353, 1354])
        #expect(try ranked("python", SearchRanking("python"), in: store) == [353, 16, 1987])
        #expect(try ranked("Heartbleed!", SearchRanking("Heartbleed!"), in: store).first == 1353)
    }

    @Test func relevanceIsFTS5sOwnBM25WithTheFieldsWeights() throws {
        let store = try store()
        for query in ["heartbleed", "python", "python snakes servers keys", "story data"] {
            let expression = try #require(SearchQuery.expression(query))
            let bm25 = try store.read { db in
                try db.values(
                    "SELECT rowid FROM comic_fts WHERE comic_fts MATCH ? AND rank MATCH ? ORDER BY rank, rowid",
                    [expression, ComicStore.relevance], as: Int.self)
            }
            #expect(try ranked(query, .relevance, in: store) == bm25, "search \(query)")
        }
    }

    @Test func aLongQueryIsRankedByRelevanceUnlessItIsATitle() throws {
        let store = try store()
        let query = "python snakes servers keys"
        #expect(try ranked(query, SearchRanking(query), in: store) == ranked(query, .relevance, in: store))
        #expect(try ranked("monty python enough", SearchRanking("monty python enough"), in: store).first == 16)
    }
}
