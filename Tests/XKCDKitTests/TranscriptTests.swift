import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `transcript`: xkcd's own where it is the comic's, else explainxkcd's community transcript,
/// labelled; on an in-memory store and a scripted transport.
@Suite struct TranscriptTests {
    static let page = """
        {{comic
        | number    = 2000
        }}
        ==Explanation==
        Two thousand comics.
        ==Transcript==
        :[Cueball stands at a podium.]
        :Cueball: Welcome to comic two thousand.
        {{comic discussion}}
        """

    func harness() throws -> SessionHarness {
        var harness = try SessionHarness(archive: try ComicArchive.fixtures())
        harness.explanationPages = [2000: Self.page, 1649: Self.page]
        return harness
    }

    func transcript(_ num: Int, in harness: SessionHarness) async throws -> TranscriptView? {
        guard case let .transcript(view) = try await harness.session().run(.transcript(.number(num))) else {
            return nil
        }
        return view
    }

    @Test func xkcdsOwnWhereItIsTheComics() async throws {
        let harness = try harness()
        let python = try #require(try await transcript(353, in: harness))
        #expect(python.source == .xkcd && python.text.contains("import antigravity") && python.document == nil)
        #expect(harness.notices.all.isEmpty, "no label for xkcd's own")
    }

    @Test func explainxkcdsWhereXKCDHasNoneOrAnothersAndItIsLabelled() async throws {
        let harness = try harness()
        let view = try #require(try await transcript(2000, in: harness))
        #expect(view.source == .explainxkcd)
        #expect(view.text == "[Cueball stands at a podium.]\nCueball: Welcome to comic two thousand.")
        #expect(harness.notices.all == ["transcript by explainxkcd's community (xkcd has none for #2000)"])
        let shifted = try #require(try await transcript(1649, in: harness))
        #expect(shifted.source == .explainxkcd, "#1649's own holds #1647's transcript")
        let text = Renderer(width: 80, color: false, json: false).render(.transcript(view))
        #expect(text.contains("Cueball: Welcome to comic two thousand."))
        let json = Renderer(width: 80, color: false, json: true).render(.transcript(view))
        #expect(json.contains(#""source":"explainxkcd""#))
    }

    @Test func noneWhereNeitherHasOne() async throws {
        let view = try #require(try await transcript(2001, in: try harness()))
        #expect(view.text.isEmpty && view.source == nil)
        #expect(
            Renderer(width: 80, color: false, json: false).render(.transcript(view)) == "(#2001 has no transcript)\n")
    }
}
