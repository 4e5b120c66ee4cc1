import Foundation
import Testing

@testable import XKCDKit

@Suite struct RendererTests {
    let python = Comic(
        num: 353, title: "Python", safeTitle: "Python",
        alt: "I wrote 20 short programs in Python yesterday.  It was wonderful.  Perl, I'm leaving you.",
        img: "https://imgs.xkcd.com/comics/python.png", year: 2007, month: 12, day: 5)

    @Test func cardStartsWithTheHeaderLineAndWrapsAltText() {
        let text = Renderer(width: 40, color: false, json: false).render(.comic(DisplayComic(python)))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#353 · Python · 2007-12-05")
        #expect(text.contains("https://xkcd.com/353/"))
        #expect(text.contains("image: https://imgs.xkcd.com/comics/python.png"))
        // URLs are never broken, so terminals can still open them.
        #expect(lines.filter { !$0.contains("https://") }.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(lines.contains("leaving you."))
        #expect(!text.contains("\u{1B}"))
    }

    // WCAG's contrast ratio between two sRGB colours.
    private func contrast(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Double {
        func luminance(_ c: (Int, Int, Int)) -> Double {
            func linear(_ v: Int) -> Double {
                let s = Double(v) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func comicNumbersAreReadableOnWhiteAndOnBlack() {
        let index = Style.accentIndex - 16
        let levels = [0, 95, 135, 175, 215, 255]
        let accent = (levels[index / 36], levels[index / 6 % 6], levels[index % 6])
        #expect(Style.accentIndex >= 16 && Style.accentIndex < 232, "a colour of the cube, not one a user redefines")
        #expect(contrast(accent, (255, 255, 255)) >= 4.5, "on white")
        #expect(contrast(accent, (0, 0, 0)) >= 4.5, "on black")
        // What it replaces: xterm's and mlterm's cyan on their default white.
        #expect(contrast((0, 205, 205), (255, 255, 255)) < 2.5)
        let text = Renderer(width: 80, color: true, json: false).render(.comic(DisplayComic(python)))
        #expect(text.hasPrefix("\u{1B}[38;5;63m#353\u{1B}[0m"), "\(text.prefix(30).debugDescription)")
    }

    @Test func sharedTextWrapsAtWordsOnATerminalAndStaysWholeElsewhere() {
        let text = ShareText.text(DisplayComic(python))
        let shared = Outcome.shared(
            ShareResult(num: 353, format: .text, text: text, openURL: python.pageURL, copy: true, open: false))
        var renderer = Renderer(width: 40, color: false, json: false)
        #expect(renderer.render(shared) == text + "\n", "a pipe gets the paragraph as it is")
        renderer.wrapsMessages = true
        let lines = renderer.render(shared).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
        #expect(
            lines.contains { $0.hasSuffix("yesterday.") || $0.hasPrefix("yesterday.") }, "broken at words: \(lines)")
        #expect(
            lines.joined(separator: " ").replacingOccurrences(of: "  ", with: " ")
                .contains("in Python yesterday. It was"))
        #expect(lines.contains("https://xkcd.com/353/") && lines.last == "leaving you.", "\(lines)")
        let link = Outcome.shared(
            ShareResult(
                num: 353, format: .markdown, text: ShareText.markdown(DisplayComic(python)), openURL: "", copy: false,
                open: false))
        #expect(renderer.render(link) == ShareText.markdown(DisplayComic(python)) + "\n", "a link is copied whole")
    }

    @Test func aSyncSaysWhatCouldNotBeFetchedAndHowToRetry() {
        var summary = SyncSummary(
            newest: 3000, stored: 2998, fetched: 8, missing: [404], failed: [7, 9], imagesFetched: 5,
            imagesFailed: [12], imageError: "server error 500 from http://x/12.png", cancelled: false, seconds: 1.5)
        summary.explanationRequests = 1
        summary.explanationsFetched = 40
        summary.explanationsFailed = [20, 21, 22]
        let lines = Renderer(width: 200, color: false, json: false).render(.synced(summary))
            .split(separator: "\n").map(String.init)
        #expect(lines.contains("2 could not be fetched (#7, #9) — run 'sync' again to retry"), "\(lines)")
        #expect(lines.contains("1 images could not be fetched (#12) — run 'sync --images' again to retry"), "\(lines)")
        #expect(lines.contains("  the last failure: server error 500 from http://x/12.png"), "\(lines)")
        #expect(
            lines.contains(
                "3 explanations could not be fetched (#20, #21, #22) — run 'sync' again to retry"),
            "\(lines)")
    }

    @Test func colourOnlyWhenAsked() {
        let text = Renderer(width: 80, color: true, json: false).render(.comic(DisplayComic(python)))
        #expect(text.contains("\u{1B}[1mPython"))
    }

    @Test func interactiveComicsSaySo() {
        var hoverboard = python
        hoverboard.img = "https://imgs.xkcd.com/comics/"
        let text = Renderer(width: 80, color: false, json: false).render(.comic(DisplayComic(hoverboard)))
        #expect(text.contains("interactive comic"))
        #expect(!text.contains("image:"))
    }

    @Test func jsonIsOneParsableDocumentInAFixedKeyOrder() throws {
        let text = Renderer(width: 80, color: true, json: true).render(.comic(DisplayComic(python)))
        #expect(text.hasPrefix("{\"num\":353,\"title\":\"Python\",\"date\":\"2007-12-05\""))
        #expect(text.hasSuffix("}\n"))
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["img"] as? String == "https://imgs.xkcd.com/comics/python.png")
        #expect(!text.contains("\u{1B}"))
    }

    @Test func jsonEscapesControlCharacters() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}").serialized == "\"a\\\"b\\\\c\\n\\u0001\"")
    }

    @Test func wrappingBreaksLongWordsAndCountsWideCharacters() {
        let lines = TextWrapper.wrap(String(repeating: "x", count: 50) + " 日本語日本語", width: 20)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func aHugeWordIsCutIntoFullLinesInOnePass() {
        let lines = TextWrapper.wrap("ab " + String(repeating: "x", count: 100_000) + " cd", width: 40)
        #expect(lines.first == "ab")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0 == String(repeating: "x", count: 40) })
        #expect(lines.last == "cd")
        #expect(lines.count == 2 + 2_500)
        #expect(TextWrapper.pieces("日本語", first: 3, rest: 1) == ["日", "本", "語"])
    }

    @Test func helpListsEveryCommand() {
        let text = Renderer(width: 80, color: false, json: false).render(.help(nil))
        for spec in CommandSpec.all { #expect(text.contains(spec.name)) }
        #expect(
            Renderer(width: 80, color: false, json: false).render(.help("next")).hasPrefix(
                "usage: next [K]\naliases: n"))
    }

    /// A renderer for a terminal `width` columns wide.
    private func terminal(_ width: Int, color: Bool = false) -> Renderer {
        var renderer = Renderer(width: width, color: color, json: false)
        renderer.wrapsMessages = true
        return renderer
    }

    @Test func reportsWrapOnANarrowTerminalAndStayOneLineInAPipe() {
        let cleared = Outcome.cacheCleared(
            CacheCleared(
                deleted: ClearableItems(comics: 1200, images: 1100, explanations: 0), databaseBytesBefore: 2_000_000,
                databaseBytesAfter: 100_000))
        #expect(
            terminal(30).render(cleared)
                == "deleted 1,200 comics, 1,100\nimages and 0 explanations;\nfavorites kept\nthe database went from 2 MB to\n100 KB\n"
        )
        #expect(
            Renderer(width: 30, color: false, json: false).render(cleared)
                == "deleted 1,200 comics, 1,100 images and 0 explanations; favorites kept\n"
                + "the database went from 2 MB to 100 KB\n")
        let summary = SyncSummary(
            newest: 3000, stored: 2998, fetched: 8, missing: [], failed: [], imagesFetched: 0,
            imagesFailed: [], cancelled: false, seconds: 1.5)
        let lines = terminal(40).render(.synced(summary)).split(separator: "\n")
        #expect(lines == ["synced: 2998 comics stored (8 new) in", "1.5 s, newest #3000"])
        // A number keeps its unit.
        let wider = terminal(41).render(.synced(summary)).split(separator: "\n")
        #expect(wider == ["synced: 2998 comics stored (8 new) in", "1.5 s, newest #3000"])
        // Stopped while building the index by meaning: the comics are all there, the index is not.
        var indexing = SyncSummary(
            newest: 2665, stored: 2664, fetched: 0, missing: [], failed: [], imagesFetched: 0,
            imagesFailed: [], cancelled: true, seconds: 9)
        indexing.meaningsMade = 1624
        #expect(
            Renderer(width: 200, color: false, json: false).render(.synced(indexing))
                == "sync stopped: 0 new comics stored (2664 in all); run the same 'sync' again to index the rest "
                + "by meaning\n1624 comics indexed by meaning\n")
    }

    @Test func aSearchHitKeepsItsTitleWholeAndSaysWhyWhole() {
        var long = SearchHit(
            num: 1354, title: "Heartbleed Explanation", snippet: "Are you still there, server?", matched: .transcript,
            terms: ["heartbleed", "bug", "works", "server", "memory"])
        long.closeInMeaning = true
        var empty = SearchHit(num: 1525, title: "Emojic 8 Ball", snippet: "")
        empty.foundByWords = false
        empty.closeInMeaning = true
        let text = Renderer(width: 60, color: false, json: false).render(
            .searchResults(query: "heartbleed bug", hits: [long, empty], total: 2))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "#1354 Heartbleed Explanation",
                "  · in the transcript · heartbleed, bug, works, server,",
                "  memory · close in meaning",
                "    Are you still there, server?",
                "#1525 Emojic 8 Ball · close in meaning",
                "",
            ], "\(lines)")
    }

    @Test func altTextIsWrappedOnATerminalAndWholeInAPipe() {
        let alt = Outcome.alt(DisplayComic(python))
        #expect(terminal(40).render(alt).split(separator: "\n").count > 1)
        #expect(Renderer(width: 40, color: false, json: false).render(alt) == python.alt + "\n")
    }

    @Test func anExplanationKeepsTheCardsMeasureOnAWideTerminal() throws {
        let paragraph = Array(repeating: "Python is a language that reads like prose.", count: 12).joined(
            separator: " ")
        let view = ExplanationView(
            num: 353, title: "Python", pageTitle: "353: Python", url: "https://www.explainxkcd.com/wiki/index.php/353",
            document: try WikiMarkup.document(from: paragraph), wholePage: false, incomplete: nil)
        let lines = terminal(200).render(.explanation(view)).split(separator: "\n").dropFirst(3)
        #expect(lines.count > 4, "\(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= CardLayout.measure }, "\(lines.map(\.count))")
        #expect(lines.contains { DisplayWidth.of($0) > CardLayout.measure - 20 }, "the measure is used")
    }

    @Test func theIncompleteNoticeIsInTheTerminalsOwnColour() throws {
        let view = ExplanationView(
            num: 353, title: "Python", pageTitle: "353: Python", url: "https://www.explainxkcd.com/wiki/index.php/353",
            document: try WikiMarkup.document(from: "Text."), wholePage: false,
            incomplete: IncompleteNotice(reason: "More on Perl."))
        let text = terminal(80, color: true).render(.explanation(view))
        let note = try #require(text.split(separator: "\n").first { $0.contains("marks this explanation incomplete") })
        #expect(note == "\u{1B}[1mexplainxkcd marks this explanation incomplete: More on Perl.\u{1B}[0m")
        #expect(!text.contains("\u{1B}[33m"), "no yellow, unreadable on white")
    }

    @Test func aLabelledReportHangsUnderItsText() {
        let entry = ComicEntry(num: 1234, title: "Douglas Engelbart (1925-2013)")
        let text = terminal(30, color: true).render(.favoriteAdded(entry, isNew: true, imageBytes: nil, storedNow: []))
        #expect(
            text.withoutEscapes
                == "★ #1234 Douglas Engelbart\n  (1925-2013) is a favorite\n  now (no image stored)\n")
        #expect(text.hasPrefix("★ \u{1B}[38;5;63m#1234\u{1B}[0m Douglas"))
    }

    @Test func aNewComicsAddressGetsItsOwnLineWhenTheLineIsTooNarrow() {
        let report = NewComics(comics: [ComicEntry(num: 2665, title: "Dimensional Lumber Tape Measure")], newest: 2665)
        #expect(
            terminal(40).render(.newComics(report, notify: false))
                == "#2665 · Dimensional Lumber Tape Measure\n  https://xkcd.com/2665/\n")
        #expect(
            terminal(100).render(.newComics(report, notify: false))
                == "#2665 · Dimensional Lumber Tape Measure · https://xkcd.com/2665/\n")
    }

    @Test func helpFitsTheRenderersWidth() {
        let text = terminal(40).render(.help(nil))
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(text.contains("\n  latest, l\n      go to the newest comic\n"))
    }
}

extension String {
    /// The text without SGR escapes.
    fileprivate var withoutEscapes: String {
        var out = ""
        var inEscape = false
        for character in self {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character == "m" { inEscape = false }
            } else {
                out.append(character)
            }
        }
        return out
    }
}

@Suite struct JSONValueTests {
    @Test func escapesEveryControlAndLineSeparatorAndKeepsOtherText() throws {
        let text = "a\"b\\c\n\r\t\u{1}\u{7F}\u{85}\u{9F}\u{2028}\u{2029}é…日本😀"
        let serialized = JSONValue.object([("k", .string(text))]).serialized
        #expect(serialized == #"{"k":"a\"b\\c\n\r\t\u0001\u007f\u0085\u009f\u2028\u2029é…日本😀"}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(serialized.utf8)) as? [String: String]
        #expect(parsed?["k"] == text)
    }
}
