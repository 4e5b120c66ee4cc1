import Foundation
import TestSupport
import Testing

@testable import XKCDKit

@Suite struct WikiMarkupTests {
    static let directory = ComicArchive.locateFixtures().appendingPathComponent("explain")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func plain(_ source: String, width: Int = 80) throws -> String {
        WikiLayout(width: width, style: Style(enabled: false), hyperlinks: false)
            .lines(try WikiMarkup.document(from: source)).joined(separator: "\n")
    }

    @Test func exploitsOfAMomReadsLikeTheSite() throws {
        let page = try Self.fixture("0327.wiki")
        let section = try #require(WikiMarkup.explanationSection(of: page))
        #expect(!section.contains("{{comic"))
        let text = try plain(section)
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        #expect(text.hasPrefix("Mrs. Roberts receives a call from her son's school."))
        #expect(flat.contains("without data sanitization, it causes"))
        #expect(flat.contains("In SQL, a database programming language"))
        #expect(flat.contains("Robert'); DROP TABLE Students;--"))
        #expect(!text.contains("[[") && !text.contains("{{") && !text.contains("<code>") && !text.contains("<!--"))
        #expect(!text.contains("&nbsp;"))
        for line in text.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 80) }
    }

    @Test func realPageOpeningsRender() throws {
        for name in ["0855.wiki", "1333.wiki", "1712.wiki", "2474.wiki", "2497.wiki", "3085.wiki"] {
            let page = try Self.fixture(name)
            let text = try plain(WikiMarkup.explanationSection(of: page) ?? page)
            #expect(!text.contains("{{") && !text.contains("}}") && !text.contains("[["), "\(name)")
        }
        #expect(try plain(try Self.fixture("1333.wiki")).contains("Twitch Plays Pokémon"))
        let politifact = try plain(WikiMarkup.explanationSection(of: try Self.fixture("1712.wiki")) ?? "")
        #expect(politifact.contains("• "))
        #expect(politifact.contains("PolitiFact.com"))
    }

    @Test func everyConstructOfTheFeaturePage() throws {
        let page = try Self.fixture("synthetic-features.wiki")
        let section = try #require(WikiMarkup.explanationSection(of: page))
        #expect(!section.contains("Transcript"))
        let document = try WikiMarkup.document(from: section)
        let first = try #require(
            document.blocks.first(where: {
                if case .paragraph(0, nil, _) = $0 { return true } else { return false }
            }))
        guard case let .paragraph(_, _, runs) = first else {
            Issue.record("not a paragraph: \(first)")
            return
        }
        #expect(runs.contains(WikiRun("bold", bold: true)))
        #expect(runs.contains(WikiRun("italic", italic: true)))
        #expect(runs.contains(WikiRun("both", bold: true, italic: true)))
        #expect(runs.contains(WikiRun("the comic", url: "https://xkcd.com/353/")))
        #expect(runs.contains(WikiRun("https://example.com/path", url: "https://example.com/path")))
        #expect(document.notes.count == 2)

        let text = try plain(section)
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        #expect(
            flat.contains(
                "with Cueball, his friend and Python.[1] See the comic[2] and https://example.com/path.[3] Again.[3]"))
        #expect(!text.contains("editor's comment"))
        #expect(text.contains("[[not a link]] and ''not italic''"))
        #expect(flat.contains("café & — done."))
        #expect(text.contains("done.\nAfter a break."))
        #expect(text.contains("Subsection\n"))
        #expect(text.contains("1. first step\n2. second step\n  1. nested step\n3. third step"))
        #expect(text.contains("• a bullet with a link\n  • a nested bullet"))
        #expect(text.contains("  an indented remark\n    indented twice"))
        #expect(text.contains("indented twice\nTerm\n  Definition of the term.\nInline term\n  and its definition"))
        #expect(text.contains("Caption of the table"))
        #expect(text.contains("Number  Name  Notes"))
        #expect(text.contains("1       One   first"))
        #expect(text.contains("2       Two   second"))
        #expect(text.contains("  preformatted line one\n  preformatted line two"))
        #expect(
            text.hasSuffix(
                """
                Notes
                [1] Python was named after Monty Python.
                [2] https://xkcd.com/353/
                [3] Footnote text with a link[4].
                [4] https://example.org
                """))
        #expect(!text.contains("Unknown") && !text.contains("parameter") && !text.contains("incomplete"))
    }

    @Test func theIncompleteMarkIsFoundWithItsReason() throws {
        #expect(
            try IncompleteNotice.find(in: "==Explanation==\n{{Incomplete}}\nText.") == IncompleteNotice(reason: nil))
        #expect(try IncompleteNotice.find(in: "{{incomplete|  }}") == IncompleteNotice(reason: nil))
        #expect(try IncompleteNotice.find(in: "==Explanation==\nAll done.\n{{comic discussion}}") == nil)
        // Marks of other parts, and a mark never closed (the wiki shows none), do not count.
        #expect(try IncompleteNotice.find(in: "{{incomplete transcript|Do NOT delete.}}\n{{Incomplete_comic}}") == nil)
        #expect(try IncompleteNotice.find(in: "{{incomplete|Never closed.\n\nText.") == nil)
        let later = "{{incomplete transcript}}\n{{incomplete_|Needs a [[Cueball|stick figure]] and {{w|Python}}.}}"
        #expect(try IncompleteNotice.find(in: later) == IncompleteNotice(reason: "Needs a stick figure and Python."))
        // explainxkcd's #3085: the reason is a list over several lines.
        let listed = """
            {{incomplete|
            *'''The article might be off-topic'''. We should focus on explaining the comic.

            *It should be divided into one or more sections.}}
            """
        #expect(
            try IncompleteNotice.find(in: listed)?.reason
                == "• The article might be off-topic. We should focus on explaining the comic.\n"
                + "• It should be divided into one or more sections.")
        #expect(try IncompleteNotice.find(in: "{{incomplete|\u{1B}[2Jgone}}")?.reason?.contains("\u{1B}") == false)
    }

    @Test func pageAddressesAreWrittenAsMediaWikiWritesThem() {
        let wiki = URL(string: "https://www.explainxkcd.com")!
        func address(_ title: String) -> String { ExplainPage(num: 1, title: title, wikitext: "").address(on: wiki) }
        #expect(address("353: Python") == "https://www.explainxkcd.com/wiki/index.php/353:_Python")
        #expect(
            address("259: Clichéd Exchanges")
                == "https://www.explainxkcd.com/wiki/index.php/259:_Clich%C3%A9d_Exchanges")
        #expect(
            address("1000: 1000 Comics (a?b&c#d'e+f)")
                == "https://www.explainxkcd.com/wiki/index.php/1000:_1000_Comics_(a%3Fb%26c%23d%27e%2Bf)")
        #expect(address("") == "https://www.explainxkcd.com/wiki/index.php/1")
        #expect(
            ExplainPage(num: 3, title: "3: x\u{1B}y", wikitext: "").address(on: URL(string: "http://127.0.0.1:8/w/")!)
                == "http://127.0.0.1:8/w/wiki/index.php/3:_x%1By")
    }

    @Test func stylesAndHyperlinksOnCapableTerminals() throws {
        let layout = WikiLayout(width: 80, style: Style(enabled: true), hyperlinks: true)
        let text = layout.lines(try WikiMarkup.document(from: "'''Hi''' [https://xkcd.com/ xkcd]")).joined()
        #expect(text == "\u{1B}[1mHi\u{1B}[0m \u{1B}]8;;https://xkcd.com/\u{1B}\\xkcd\u{1B}]8;;\u{1B}\\")
        // An address with a control character is never put in an escape sequence.
        let hostile = layout.lines(try WikiMarkup.document(from: "[https://a.example/\u{1B}x evil]")).joined()
        #expect(!hostile.contains("\u{1B}]8"))
    }

    @Test func theWholePageWithAll() throws {
        let page = try Self.fixture("synthetic-features.wiki")
        let text = try plain(page)
        #expect(text.contains("Explanation\n───────────"))
        #expect(text.contains("Transcript"))
        #expect(text.contains("Cueball: Hello."))
        #expect(!text.contains("Category"))
    }

    @Test func headingsVary() {
        #expect(WikiMarkup.explanationSection(of: "== Explanation ==\nA\n== Transcript ==\nB") == "A")
        #expect(
            WikiMarkup.explanationSection(of: "==Brief explanation==\nA\n===Sub===\nC\n==Next==") == "A\n===Sub===\nC")
        #expect(WikiMarkup.explanationSection(of: "==Transcript==\nB") == nil)
    }

    @Test func narrowTerminalsWrapEverything() throws {
        let text = try plain(try Self.fixture("synthetic-features.wiki"), width: 24)
        for line in text.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 24, "\(line)") }
    }

    @Test(arguments: [
        "{{", "}}", "[[", "]]", "{{{{{{", "[[[[[[", "'''''''''", "{|", "|}", "<ref>", "</ref>", "<nowiki>", "<!--",
        "{{w|[[a|{{b}}]]", "[http://", "[[File:a.png|thumb|[[b]]]]", "; : ; :", "*#*#*#:;", "=", "==", "======",
        "{|\n|-\n!\n||\n|}", "<ref name=\"x\"/>", "&#0;&#x1B;[31m", "\u{1B}]52;c;AAAA\u{07}", "\u{202E}evil",
    ])
    func neverFailsOnFragments(_ source: String) throws {
        let text = try plain(source)
        #expect(
            !text.unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
            })
    }
}
