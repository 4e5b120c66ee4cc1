import Foundation
import Testing

@testable import TestSupport

/// The explainxkcd pages the loopback server generates for comics without a real one, and
/// how it reads the query string of explainxkcd API requests.
@Suite struct ExplainServerPageTests {
    let archive: ComicArchive
    let vocabulary: ExplainVocabulary

    init() throws {
        archive = try ComicArchive.fixtures(at: ComicArchive.locateFixtures())
        vocabulary = ExplainVocabulary(archive: archive)
    }

    func page(_ num: Int) throws -> (title: String, wikitext: String) {
        ExplainPageGenerator.page(for: num, comicJSON: try #require(archive.bodies[num]), vocabulary: vocabulary)
    }

    @Test func everyPageHasExplainxkcdsSectionsAndSize() throws {
        var links = 0
        var references = 0
        for num in archive.bodies.keys.sorted() {
            let (_, wikitext) = try page(num)
            let size = wikitext.utf8.count
            #expect((3000...8192).contains(size), "#\(num) is \(size) bytes")
            #expect(wikitext.hasPrefix("{{comic\n| number    = \(num)\n| date      = "), "#\(num)")
            for line in ["| title     = ", "| image     = ", "| titletext = ", "}}"] {
                #expect(wikitext.contains("\n" + line), "#\(num) lacks \(line)")
            }
            let explanation = try #require(wikitext.range(of: "\n==Explanation==\n"))
            let transcript = try #require(wikitext.range(of: "\n==Transcript==\n"))
            let discussion = try #require(wikitext.range(of: "\n{{comic discussion}}\n"))
            #expect(explanation.upperBound < transcript.lowerBound && transcript.upperBound < discussion.lowerBound)
            let incomplete = wikitext[explanation.upperBound...].hasPrefix("{{incomplete|")
            #expect(incomplete == (num % 10 == 0), "#\(num)")
            let prose = wikitext[explanation.upperBound..<transcript.lowerBound]
            #expect(prose.components(separatedBy: "\n\n").count >= 3, "#\(num) has several paragraphs")
            let lines = wikitext[transcript.upperBound..<discussion.lowerBound].split(separator: "\n")
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix(":") }, "#\(num)")
            #expect(wikitext[discussion.upperBound...].hasPrefix("[[Category:"))
            #expect(wikitext.hasSuffix("]]\n"))
            links += prose.components(separatedBy: "[[").count - 1
            references += prose.components(separatedBy: "{{w|").count - 1
        }
        #expect(links > archive.bodies.count && references > archive.bodies.count)
    }

    @Test func pagesAreTheSameOnEveryRun() throws {
        let again = ExplainVocabulary(archive: try ComicArchive.fixtures(at: ComicArchive.locateFixtures()))
        for num in [1, 353, 1190, 2665] {
            let body = try #require(archive.bodies[num])
            let first = ExplainPageGenerator.page(for: num, comicJSON: body, vocabulary: vocabulary)
            let second = ExplainPageGenerator.page(for: num, comicJSON: body, vocabulary: again)
            #expect(first == second)
        }
        #expect(try page(1).wikitext != page(2).wikitext)
    }

    @Test func theHeaderHoldsTheDisplayTitleDateImageAndAlt() throws {
        let python = try page(353)
        #expect(python.title == "Python")
        #expect(
            python.wikitext.hasPrefix(
                "{{comic\n| number    = 353\n| date      = December 5, 2007\n| title     = Python\n"
                    + "| image     = python.png\n| titletext = I wrote 20 short programs in Python yesterday."))
        #expect(try page(259).title == "Clichéd Exchanges", "entities decoded")
        #expect(try page(259).wikitext.contains("\n| title     = Clichéd Exchanges\n"))
        #expect(try page(472).title == "House of Pancakes", "markup: safe_title")
        #expect(ExplainComicFields.displayTitle(title: "<City", safeTitle: "City") == "<City")
        #expect(ExplainComicFields.decodingEntities("D&D &amp; caf&#233; &#x263A; &bogus;") == "D&D & café ☺ &bogus;")
    }

    @Test func xkcdsTranscriptBecomesExplainxkcdLines() throws {
        let wikitext = try page(353).wikitext
        #expect(
            wikitext.contains(
                "==Transcript==\n:[ Guy 1 is talking to Guy 2, who is floating in the sky ]\n:Guy 1: You're flying! How?\n"
            ))
        #expect(
            wikitext.contains(":Guy 2: But i think this is the python.\n\n{{comic discussion}}"), "no title text line")
        let generated = try page(2000).wikitext
        let transcript = try #require(generated.components(separatedBy: "==Transcript==\n").last)
        #expect(transcript.hasPrefix(":["))
        #expect(transcript.split(separator: "\n").filter { $0.hasPrefix(":") && $0.contains(": ") }.count >= 2)
    }

    @Test func aSyntheticArchiveStillGetsFullPages() {
        let synthetic = ComicArchive.synthetic(count: 30)
        let words = ExplainVocabulary(archive: synthetic)
        for num in [1, 10, 30] {
            let (title, wikitext) = ExplainPageGenerator.page(
                for: num, comicJSON: synthetic.bodies[num]!, vocabulary: words)
            #expect(title == "Comic \(num)")
            #expect((3000...8192).contains(wikitext.utf8.count))
        }
        let odd = ExplainPageGenerator.page(for: 5, comicJSON: Data("not json".utf8), vocabulary: words)
        #expect(odd.title == "Comic 5" && odd.wikitext.contains("\n| image     = comic_5.png\n"))
    }

    @Test func generatedPagesFillOnlyWhatRealPagesLeave() throws {
        let server = try XKCDTestServer(archive: archive, servesImages: false)
        defer { server.stop() }
        let fixtures = ComicArchive.locateFixtures().appendingPathComponent("explain")
        try server.serveExplanations(from: fixtures)
        server.serveGeneratedExplanations()
        let pages = server.core.state.withLock { $0.content.explanations }
        #expect(Set(archive.bodies.keys).isSubset(of: pages.keys))
        #expect(pages[3085] != nil, "a real page for a comic the archive lacks stays")
        let real = try String(contentsOf: fixtures.appendingPathComponent("0327.wiki"), encoding: .utf8)
        #expect(pages[327]?.wikitext == real)
        #expect(pages[353]?.title == "Python")
        #expect(pages[353]?.wikitext == (try page(353)).wikitext)
    }

    @Test func queryStringsDecodeAsPHPDoes() {
        let query = FormQuery(target: "/wiki/api.php?titles=1|2%7C3+x&a=%zz%4&b=1&b=2&empty&=no#titles=9")
        #expect(query["titles"] == "1|2|3 x")
        #expect(query["a"] == "%zz%4")
        #expect(query["b"] == "2")
        #expect(query["empty"] == "")
        #expect(query.values.count == 4)
        #expect(FormQuery(target: "/wiki/api.php").values.isEmpty)
        #expect(FormQuery(target: "/w?t=353%3A%20Python%20%C3%A9")["t"] == "353: Python é")
    }
}
