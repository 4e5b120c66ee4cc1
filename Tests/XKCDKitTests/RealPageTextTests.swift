import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// explainxkcd's real pages (#1–#3174, from real-data beside the checkout) through the code
/// `explain`, `transcript` and the search index read them with: no markup is left, and the
/// words another parser finds in each Explanation are there.
@Suite struct RealPageTextTests {
    let pages: [RealData.Page]

    init() throws {
        pages = try RealData().pages()
    }

    /// What `explain N` shows: the Explanation section (the whole page without one), laid out
    /// as `--json` gives it.
    static func explained(_ wikitext: String) throws -> String {
        let section = WikiMarkup.explanationSection(of: wikitext) ?? wikitext
        return WikiLayout(width: 80, style: Style(enabled: false), hyperlinks: false)
            .lines(try WikiMarkup.document(from: section)).joined(separator: "\n")
    }

    /// What `transcript N` shows when xkcd has no transcript of its own: the page's Transcript
    /// section, empty when it has none.
    static func transcribed(_ wikitext: String) throws -> String {
        guard let section = WikiMarkup.transcriptSection(of: wikitext) else { return "" }
        return WikiPlainText.text(of: try WikiMarkup.document(from: section))
    }

    @Test func everyPageIsThere() {
        #expect(pages.count == 3174)
        #expect(pages.map(\.num) == Array(1...3174))
    }

    @Test func noPageLeavesMarkupInItsExplanationTranscriptOrSearchText() throws {
        let reference = try ReferenceText()
        var faults: [String] = []
        for page in pages {
            let index = ExplanationText(wikitext: page.wikitext)
            let texts = [
                ("explain", try Self.explained(page.wikitext), false),
                ("transcript", try Self.transcribed(page.wikitext), true),
                ("search explanation", index.explanation, false), ("search transcript", index.transcript, true),
            ]
            for (name, text, transcript) in texts {
                for piece in reference.leftovers(of: page.num, in: text, transcript: transcript) {
                    faults.append("#\(page.num) \(name): \(piece) in \(WikiLeftovers.context(of: piece, in: text))")
                }
            }
        }
        #expect(faults.isEmpty, "\(faults.count) leftovers:\n\(faults.prefix(40).joined(separator: "\n"))")
    }

    @Test func theExplanationHoldsTheWordsAnotherParserFindsInIt() throws {
        let reference = try ReferenceText()
        #expect(reference.pages.count == pages.count, "a line of reference text a page")
        var measured: [(num: Int, recall: Double, missing: [String])] = []
        for page in pages {
            guard let found = reference.recall(of: page.num, in: try Self.explained(page.wikitext)) else { continue }
            measured.append((page.num, found.recall, found.missing))
        }
        let sorted = measured.sorted { ($0.recall, $0.num) < ($1.recall, $1.num) }
        try #require(sorted.count >= 3000, "pages with reference words")
        let p10 = sorted[sorted.count / 10].recall
        let worst = sorted.prefix(10).map { "#\($0.num) \($0.recall): \($0.missing.joined(separator: " "))" }
        #expect(
            p10 >= 0.98,
            """
            recall p1 \(sorted[sorted.count / 100].recall), p10 \(p10), median \(sorted[sorted.count / 2].recall); \
            worst:\n\(worst.joined(separator: "\n"))
            """)
    }

    @Test func theUnusualPagesReadAsTheirExplanation() throws {
        let byNumber = Dictionary(uniqueKeysWithValues: pages.map { ($0.num, $0.wikitext) })
        // #2408's heading is "Eggsplanation"; #3042 has none, so it is the whole page.
        let eggs = try Self.explained(try #require(byNumber[2408]))
        #expect(WikiMarkup.explanationSection(of: try #require(byNumber[2408])) != nil)
        #expect(!eggs.isEmpty)
        #expect(WikiMarkup.explanationSection(of: try #require(byNumber[3042])) == nil)
        #expect(!(try Self.explained(try #require(byNumber[3042]))).isEmpty)
        // #1608, the largest page, is read whole.
        let largest = try #require(pages.max { $0.wikitext.utf8.count < $1.wikitext.utf8.count })
        #expect(largest.num == 1608)
        #expect(try Self.explained(largest.wikitext).utf8.count > 10_000)
    }
}
