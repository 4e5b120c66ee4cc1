import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// explainxkcd's batch API as the client reads it: the request, the answer's shapes, and which
/// pages a sync asks for.
@Suite struct ExplainBatchTests {
    func parse(_ json: String, asked: [Int]) throws -> ExplainBatchAnswer {
        try ExplainBatchAnswer.parse(Data(json.utf8), asked: asked)
    }

    @Test func theRequestNamesUpToFiftyTitlesAndAsksForMaxlag() throws {
        let url = try #require(
            ExplainBatchQuery.url(
                explainURL: URL(string: "https://wiki.test")!, numbers: Array(1...60),
                continuation: [("rvcontinue", "51|0"), ("continue", "||")]))
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let fields = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        #expect(url.path == "/wiki/api.php")
        #expect(fields["action"] == "query" && fields["prop"] == "revisions" && fields["rvprop"] == "content")
        #expect(fields["titles"] == (1...50).map(String.init).joined(separator: "|"))
        #expect(fields["redirects"] == "1" && fields["format"] == "json" && fields["maxlag"] == "5")
        #expect(fields["rvcontinue"] == "51|0" && fields["continue"] == "||")
    }

    @Test func redirectsPagesAndMissingPagesMapToComics() throws {
        let answer = try parse(
            """
            {"batchcomplete":"","query":{
              "redirects":[{"from":"353","to":"353: Python"},{"from":"327","to":"327: Exploits of a Mom"}],
              "pages":{
                "1234":{"pageid":1234,"ns":0,"title":"353: Python","revisions":[{"contentformat":"text/x-wiki","*":"==Explanation==\\nFlying."}]},
                "-1":{"ns":0,"title":"99999","missing":""},
                "88":{"pageid":88,"ns":0,"title":"327: Exploits of a Mom","revisions":[{"*":"Bobby\\u0000 Tables"}]}
              }}}
            """, asked: [353, 327, 99999])
        #expect(answer.pages.map(\.num) == [327, 353])
        #expect(answer.pages.last == ExplainPage(num: 353, title: "353: Python", wikitext: "==Explanation==\nFlying."))
        #expect(answer.pages.first?.wikitext == "Bobby Tables", "NUL is dropped")
        #expect(answer.continuation == nil && !answer.lagged)
    }

    @Test func aPageListedWithoutTextComesInTheContinuation() throws {
        let answer = try parse(
            """
            {"continue":{"rvcontinue":"2|0","continue":"||"},"query":{"pages":{
              "1":{"pageid":1,"ns":0,"title":"1: Barrel - Part 1","revisions":[{"*":"a"}]},
              "2":{"pageid":2,"ns":0,"title":"2: Petit Trees (sketch)"}}},
             "warnings":{"main":{"*":"Unrecognized parameter"}}}
            """, asked: [1, 2])
        #expect(answer.pages.map(\.num) == [1], "a page title starting with its number needs no redirect")
        #expect(answer.continuation?.map(\.key) == ["rvcontinue", "continue"])
        #expect(answer.continuation?.map(\.value) == ["2|0", "||"])
    }

    @Test func maxlagAsksToWaitAndOtherErrorsAreRefusals() throws {
        let lagged = try parse(
            #"{"error":{"code":"maxlag","info":"Waiting for 10.64.0.1: 7 seconds lagged"}}"#, asked: [1])
        #expect(lagged.lagged && lagged.pages.isEmpty)
        #expect(throws: XKCDError.badData("explainxkcd refused the request: bad token")) {
            try parse(#"{"error":{"code":"badtoken","info":"bad token"}}"#, asked: [1])
        }
        #expect(throws: XKCDError.badData("explainxkcd sent something that is not JSON")) {
            try parse("<html>", asked: [1])
        }
        #expect(throws: XKCDError.badData("explainxkcd sent JSON that is not a query answer")) {
            try parse("{}", asked: [1])
        }
    }

    @Test func aSyncAsksForMissingAndStalePagesOnly() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let day: TimeInterval = 24 * 3600
        let ages: [Int: (fetchedAt: Date, incomplete: Bool)] = [
            1: (now.addingTimeInterval(-29 * day), false), 2: (now.addingTimeInterval(-31 * day), false),
            3: (now.addingTimeInterval(-0.5 * day), true), 4: (now.addingTimeInterval(-1.5 * day), true),
        ]
        #expect(ExplanationSyncer.wanted([1, 2, 3, 4, 5], ages: ages, now: now) == [2, 4, 5])
        // A page the wiki did not have is asked for again after a day, not by every sync.
        let absent = [5: now.addingTimeInterval(-0.5 * day), 6: now.addingTimeInterval(-1.5 * day)]
        #expect(ExplanationSyncer.wanted([1, 2, 3, 4, 5, 6, 7], ages: ages, absent: absent, now: now) == [2, 4, 6, 7])
    }

    @Test func aPageGivesItsExplanationAndTranscriptAsText() throws {
        let fixtures = ComicArchive.locateFixtures().appendingPathComponent("explain")
        let synthetic = try String(
            contentsOf: fixtures.appendingPathComponent("synthetic-features.wiki"), encoding: .utf8)
        let text = ExplanationText(wikitext: synthetic)
        #expect(!text.explanation.isEmpty && !text.explanation.contains("=="))
        #expect(!text.transcript.isEmpty && !text.explanation.contains(text.transcript))
        let partial = try String(contentsOf: fixtures.appendingPathComponent("2497.wiki"), encoding: .utf8)
        #expect(ExplanationText(wikitext: partial).incomplete)
        let bobby = try String(contentsOf: fixtures.appendingPathComponent("0327.wiki"), encoding: .utf8)
        let bobbyText = ExplanationText(wikitext: bobby)
        #expect(bobbyText.explanation.contains("data sanitization") && !bobbyText.explanation.contains("{{"))
        #expect(bobbyText.transcript.isEmpty, "the excerpt stops before its Transcript")
        #expect(!bobbyText.incomplete)
    }

    @Test func xkcdsOwnTranscriptIsTheComicsUnlessItTellsOfAnother() throws {
        func comic(_ num: Int) throws -> Comic { try DataFactsTests.comic(num) }
        for num in [353, 1608] {
            let own = try comic(num)
            #expect(TranscriptOwner.belongs(own.transcript, alt: own.alt), "#\(num)")
        }
        for num in [1649, 1677] {
            let shifted = try comic(num)
            #expect(!TranscriptOwner.belongs(shifted.transcript, alt: shifted.alt), "#\(num) holds another's")
        }
        #expect(!TranscriptOwner.belongs(try comic(1609).transcript, alt: try comic(1609).alt), "empty")
        #expect(TranscriptOwner.belongs("[[A man]]\n{{Title text: It's like that.}}", alt: "It’s like that!"))
        #expect(TranscriptOwner.belongs("[[A man waves]]", alt: "whatever"), "no title text to tell")
        // The real archive's typos and unlettered alt texts (#54, #68, #25) stay the comic's own.
        #expect(
            TranscriptOwner.belongs(
                "{{Title text: I'm trying to build character, but Eclipse is really confusing.}}",
                alt: "I'm trying to build character, but Eclipse is really confusing"))
        #expect(TranscriptOwner.belongs("{{alt: The 8th one is the best}}", alt: "The eighth one is the best"))
        #expect(TranscriptOwner.belongs("[[A face]]\n{{Title text: :(}}", alt: ":("))
        #expect(!TranscriptOwner.belongs("{{Title text: The end.}}", alt: "Wait for it."), "another comic's")
    }
}
