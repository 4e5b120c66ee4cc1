import Foundation
import TestSupport
import Testing

@testable import XKCDKit

@Suite struct SpellingCorrectionTests {
    typealias Candidate = SpellingCorrection.Candidate

    @Test func aTitlesWordWinsOverACommonerWordOfTheTextAtTheSameDistance() {
        let candidates = [
            Candidate(term: "compelling", comics: 40, inTitle: false),
            Candidate(term: "compiling", comics: 2, inTitle: true),
        ]
        #expect(SpellingCorrection.best(for: "compilling", among: candidates) == "compiling")
        #expect(
            SpellingCorrection.best(
                for: "compilling", among: candidates.map { Candidate(term: $0.term, comics: $0.comics, inTitle: false) }
            )
                == "compelling", "among words of the text, the commoner")
    }

    @Test func fewerEditsWinOverATitlesWord() {
        let candidates = [
            Candidate(term: "passwords", comics: 1, inTitle: true),
            Candidate(term: "password", comics: 30, inTitle: false),
        ]
        #expect(SpellingCorrection.best(for: "pasword", among: candidates) == "password")
        #expect(
            SpellingCorrection.best(for: "strenght", among: [Candidate(term: "strength", comics: 9, inTitle: true)])
                == "strength", "a swap is one edit")
    }

    @Test func equalCandidatesGoInAlphabeticalOrderWhateverOrderTheyCameIn() {
        let candidates = [
            Candidate(term: "cart", comics: 3, inTitle: false), Candidate(term: "care", comics: 3, inTitle: false),
        ]
        #expect(SpellingCorrection.best(for: "carr", among: candidates) == "care")
        #expect(SpellingCorrection.best(for: "carr", among: candidates.reversed()) == "care")
    }

    @Test func shortWordsFarWordsAndOtherFirstLettersAreNotCorrections() {
        #expect(SpellingCorrection.allowedEdits(for: "ab") == 0)
        #expect(SpellingCorrection.allowedEdits(for: "abcd") == 1)
        #expect(SpellingCorrection.allowedEdits(for: "abcde") == 2)
        #expect(SpellingCorrection.best(for: "ab", among: [Candidate(term: "abc", comics: 5, inTitle: true)]) == nil)
        #expect(
            SpellingCorrection.best(for: "pyhon", among: [Candidate(term: "python", comics: 5, inTitle: true)])
                == "python")
        #expect(
            SpellingCorrection.best(for: "cat", among: [Candidate(term: "chart", comics: 5, inTitle: true)]) == nil,
            "two edits for a word of three letters")
        #expect(
            SpellingCorrection.best(for: "ython", among: [Candidate(term: "python", comics: 5, inTitle: true)]) == nil,
            "the first letter is kept")
        #expect(!SpellingCorrection.isCorrectable("pokémon"))
        #expect(!SpellingCorrection.isCorrectable(String(repeating: "a", count: 41)))
    }

    @Test func theCorrectedQueryKeepsQuotesPrefixesOperatorsAndTheOtherWords() {
        let corrections = ["pasword": "password", "strenght": "strength"]
        #expect(SpellingCorrection.corrected("pasword strenght", with: corrections) == "password strength")
        #expect(SpellingCorrection.corrected("The Pasword, strenght!", with: corrections) == "The password, strength!")
        #expect(
            SpellingCorrection.corrected(#""pasword strenght" NOT reuse"#, with: corrections)
                == #""password strength" NOT reuse"#)
        #expect(
            SpellingCorrection.corrected("pasword* strenght", with: corrections) == "pasword* strength",
            "a prefix stays")
        #expect(SpellingCorrection.corrected("pasword*", with: corrections) == nil)
        #expect(SpellingCorrection.corrected("anything", with: [:]) == nil)
    }

    @Test func theCorrectionShowsWhenTheQueryAsTypedFindsNextToNothingAndItClearlyMore() {
        #expect(SpellingCorrection.showsCorrection(typed: 0, corrected: 1))
        #expect(!SpellingCorrection.showsCorrection(typed: 0, corrected: 0))
        #expect(SpellingCorrection.showsCorrection(typed: 1, corrected: 3))
        #expect(!SpellingCorrection.showsCorrection(typed: 1, corrected: 2))
        #expect(SpellingCorrection.showsCorrection(typed: 2, corrected: 6))
        #expect(!SpellingCorrection.showsCorrection(typed: 3, corrected: 300), "three hits are something")
    }

    @Test func theTextSaysWhichQueryTheHitsAreOfAndHowToSearchAsTyped() {
        let hit = SearchHit(num: 936, title: "Password Strength", snippet: "Password Strength", terms: ["password"])
        let outcome = Outcome.searchResults(
            query: "pasword", hits: [hit], total: 1, spelling: .corrected("password", asTyped: "pasword"))
        var renderer = Renderer(width: 120, color: false, json: false)
        #expect(
            renderer.render(outcome).hasPrefix(
                "showing results for password — search --exact pasword for the words as typed\n#936 Password Strength"))
        renderer.commandPrefix = "xkcd "
        #expect(renderer.render(outcome).hasPrefix("showing results for password — xkcd search --exact pasword for"))
        let offered = Outcome.searchResults(
            query: "pasword reuse", hits: [hit], total: 5, spelling: .suggested("password reuse"))
        #expect(renderer.render(offered).hasPrefix("did you mean password reuse? — xkcd search password reuse\n#936"))
        let nothing = Outcome.searchResults(query: "zzqq", hits: [], total: 0)
        #expect(renderer.render(nothing) == "no comic matches 'zzqq'\n")
        let typed = Outcome.searchResults(query: "password", hits: [hit], total: 1)
        #expect(renderer.render(typed).hasPrefix("#936 Password Strength"), "no line before hits as typed")
        let phrase = Outcome.searchResults(
            query: #""pasword reuse" can't"#, hits: [hit], total: 1,
            spelling: .corrected(#""password reuse" can't"#, asTyped: #""pasword reuse" can't"#))
        #expect(
            renderer.render(phrase).hasPrefix(
                #"showing results for "password reuse" can't — xkcd search --exact \"pasword reuse\" can\'t for"#),
            "the shell hands each word on as typed")
    }

    @Test func theJSONCarriesTheCorrectionAndTheOffer() throws {
        let json = Renderer(width: 80, color: false, json: true)
        let corrected = try parse(
            json.render(
                .searchResults(
                    query: "pasword", hits: [], total: 0, spelling: .corrected("password", asTyped: "pasword"))))
        #expect(corrected["corrected"] == .string("password"))
        #expect(corrected["did_you_mean"] == .array([]))
        let offered = try parse(
            json.render(.searchResults(query: "pasword x", hits: [], total: 0, spelling: .suggested("password x"))))
        #expect(offered["corrected"] == .null)
        #expect(offered["did_you_mean"] == .array([.string("password x")]))
        let typed = try parse(json.render(.searchResults(query: "x", hits: [], total: 0)))
        #expect(typed["corrected"] == .null)
    }

    private func parse(_ document: String) throws -> JSONValue {
        try JSONReader.parse(document.utf8)
    }

    @Test func theErrorOfATitleNoComicHasCarriesTheComicsItOffers() throws {
        let error = XKCDError.noTitleMatch(
            "pasword strenth", stored: 9, nearest: [ComicEntry(num: 936, title: "Password Strength")])
        let message = XKCDError.message(for: error)
        #expect(
            message
                == "no comic titled 'pasword strenth' — did you mean #936 Password Strength? (or search pasword strenth)"
        )
        let document = try parse(
            Renderer.errorDocument(message, line: nil, didYouMean: XKCDError.didYouMean(in: error)))
        #expect(
            document["did_you_mean"]
                == .array([.object([("num", .int(936)), ("title", .string("Password Strength"))])]))
        #expect(XKCDError.didYouMean(in: XKCDError.noCurrentComic).isEmpty)
        let plain = try parse(Renderer.errorDocument("no current comic", line: 2))
        #expect(plain["did_you_mean"] == nil, "only an error that offers comics has the key")
    }
}

/// Search through a session over a store holding a few comics whose words are near each other.
@Suite struct CorrectedSearchSessionTests {
    let harness: SessionHarness
    let session: Session

    init() async throws {
        let comics: [(Int, String, String)] = [
            (303, "Compiling", "'Are you stealing those LCDs?' 'Yeah, but I'm doing it while my code compiles.'"),
            (792, "Password Reuse", "It'll be fun to see what the password reuse rate is."),
            (936, "Password Strength", "To anyone who understands information theory and security, I apologize."),
            (1000, "Arguments", "A compelling case."),
            (1001, "Essays", "Her compelling essay."),
            (1002, "Stories", "The compelling story of strength."),
        ]
        var archive = ComicArchive()
        for (num, title, alt) in comics {
            archive.bodies[num] = ComicArchive.body(num: num, title: title, alt: alt, year: 2011, month: 8, day: 10)
        }
        harness = try SessionHarness(archive: archive)
        session = harness.session()
        for (num, _, _) in comics { _ = try await session.run(.show(.number(num))) }
    }

    func results(_ command: Command) async throws -> (hits: [Int], total: Int, spelling: SearchSpelling) {
        let outcome = try await session.run(command)
        guard case let .searchResults(_, hits, total, spelling, _) = outcome else {
            Issue.record("not search results: \(outcome)")
            return ([], 0, .asTyped)
        }
        return (hits.map(\.num), total, spelling)
    }

    @Test func aMisspeltQueryShowsTheCorrectedQuerysHits() async throws {
        let found = try await results(.search("pasword strenght"))
        #expect(found.spelling == .corrected("password strength", asTyped: "pasword strenght"))
        #expect(found.hits.first == 936)
        #expect(Set(found.hits) == [936, 792, 1002])
        #expect(harness.notices.all.isEmpty, "the note is the outcome's, not a notice")
    }

    @Test func exactSearchesTheWordsAsTyped() async throws {
        let found = try await results(.search("pasword strenght", exact: true))
        #expect(found.hits.isEmpty)
        #expect(found.spelling == .asTyped)
    }

    @Test func aTitlesWordIsTheCorrection() async throws {
        let found = try await results(.search("compilling"))
        #expect(found.spelling == .corrected("compiling", asTyped: "compilling"))
        #expect(found.hits == [303])
    }

    @Test func aQueryThatFindsEnoughAsTypedOffersTheCorrection() async throws {
        let found = try await results(.search("compelling imoprtant"))
        #expect(found.total == 3)
        #expect(found.spelling == .asTyped, "no comic has a word near imoprtant")
        let offered = try await results(.search("pasword compelling"))
        #expect(offered.total == 3)
        #expect(offered.spelling == .suggested("password compelling"))
    }

    @Test func aWordSomeComicHoldsIsNeverCorrected() async throws {
        let found = try await results(.search("compiles"))
        #expect(found.hits == [303])
        #expect(found.spelling == .asTyped)
    }

    @Test func onlyTheFirstWordsNoComicHoldsAreLookedUp() async throws {
        let unknown = (0..<SpellingCorrection.mostWords).map { "zqx" + String(UnicodeScalar(UInt8(97 + $0))) }
        let found = try await results(.search((unknown + ["pasword"]).joined(separator: " ")))
        #expect(found.spelling == .asTyped, "pasword comes after \(unknown.count) unknown words")
        let typed = (unknown.dropLast() + ["pasword"]).joined(separator: " ")
        let fewer = try await results(.search(typed))
        #expect(
            fewer.spelling == .corrected((unknown.dropLast() + ["password"]).joined(separator: " "), asTyped: typed),
            "a long query is corrected whole")
    }

    @Test func aPhraseIsCorrectedInsideItsQuotes() async throws {
        let found = try await results(.search(#""pasword reuse""#))
        #expect(found.spelling == .corrected(#""password reuse""#, asTyped: #""pasword reuse""#))
        #expect(found.hits == [792])
    }
}
