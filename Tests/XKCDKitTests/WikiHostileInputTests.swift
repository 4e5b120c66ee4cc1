import Foundation
import Testing

@testable import XKCDKit

/// explainxkcd is a public wiki: whatever a page holds, reading it takes time in proportion to
/// its length (counted in characters made, not timed), and a cancelled read stops.
@Suite(.serialized) struct WikiHostileInputTests {
    /// A page built of `count` copies of a piece of markup that a reader might take long over.
    struct HostilePage: Sendable, CustomTestStringConvertible {
        var name: String
        var page: @Sendable (Int) -> String

        var testDescription: String { name }

        init(_ name: String, _ page: @escaping @Sendable (Int) -> String) {
            self.name = name
            self.page = page
        }

        init(repeating unit: String) {
            self.init(unit.debugDescription) { String(repeating: unit, count: $0) }
        }

        init(nesting open: String, _ close: String) {
            self.init("\(open.debugDescription) nested") {
                String(repeating: open, count: $0) + "x" + String(repeating: close, count: $0)
            }
        }

        static let all: [HostilePage] = [
            HostilePage(repeating: "[["),
            HostilePage(repeating: "[http://x "),
            HostilePage(repeating: "<a"),
            HostilePage(repeating: "<b "),
            HostilePage(repeating: "<ref "),
            HostilePage(repeating: "<ref>"),
            HostilePage(repeating: "<references>"),
            HostilePage(repeating: "<nowiki"),
            HostilePage(repeating: "<!--"),
            HostilePage(repeating: "{{w|"),
            HostilePage(repeating: "{{{"),
            HostilePage(repeating: "'''"),
            HostilePage(repeating: "''x"),
            HostilePage(repeating: "*"),
            HostilePage(repeating: "{|\n"),
            HostilePage(repeating: "'' ''\n\n"),
            HostilePage(repeating: "; a : "),
            HostilePage(repeating: "== x ==\n"),
            HostilePage(repeating: "<ref>a</ref>"),
            HostilePage(nesting: "[[a|", "]]"),
            HostilePage(nesting: "[[", "]]"),
            HostilePage(nesting: "[[File:a|", "]]"),
            HostilePage(nesting: "{{w|", "}}"),
            HostilePage(nesting: "{{incomplete x|", "}}"),
            HostilePage(nesting: "{|\n", "|}\n"),
            HostilePage("distinct links") { count in
                (0..<count).map { "[http://x/\($0) y] " }.joined()
            },
            HostilePage("distinct notes") { count in
                (0..<count).map { "<ref>\($0)</ref>" }.joined()
            },
            HostilePage("one long line") { String(repeating: "word ", count: $0) },
        ]
    }

    /// What the program makes of a page: the view `explain` shows at 40 columns, and the
    /// search text.
    struct Reading {
        var lines: [String]
        var searchText: String

        /// Characters made, a measure of the work done that no clock disturbs.
        var size: Int { lines.reduce(searchText.count) { $0 + $1.count } }

        /// Lines wider than the view or holding a control character.
        var problems: [String] {
            lines.filter { line in
                DisplayWidth.of(line) > 40 || line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            }
        }
    }

    // Everything the program does with a page: the view `explain` shows, its incomplete mark,
    // and the search text.
    static func read(_ page: String) -> Reading {
        let document = (try? WikiMarkup.document(from: page)) ?? WikiDocument(blocks: [])
        let lines = WikiLayout(width: 40, style: Style(enabled: false), hyperlinks: false).lines(document)
        _ = try? IncompleteNotice.find(in: page)
        let text = ExplanationText(wikitext: page)
        return Reading(lines: lines, searchText: text.explanation + text.transcript)
    }

    @Test(arguments: HostilePage.all)
    func readingTakesTimeInProportionToLength(_ hostile: HostilePage) {
        let count = 4_000
        let small = hostile.page(count)
        let large = hostile.page(4 * count)
        let (smallReading, largeReading) = (Self.read(small), Self.read(large))
        #expect(largeReading.problems.isEmpty, "\(hostile.name): \(largeReading.problems.prefix(3))")
        // Four times the text makes at most about four times as much; quadratic work would make 16.
        #expect(
            largeReading.size < 8 * max(smallReading.size, count),
            "\(hostile.name): 4× the text made \(largeReading.size) characters, 1× made \(smallReading.size)")
    }

    // A page of real explanations as large as a page is read.
    static func hugePage() throws -> String {
        let fixture = try WikiMarkupTests.fixture("0327.wiki")
        return String(repeating: fixture, count: WikiMarkup.maxSourceLength / fixture.utf8.count)
    }

    @Test func aCancelledTaskStopsReadingEarly() async throws {
        let page = try Self.hugePage()
        // Work is counted by the times the read asks whether to stop: once a line, and once in
        // 1,024 steps of the loops within a line.
        let whole = Lock(0)
        try CancellationPoll.$asked.withValue(whole) { _ = try WikiMarkup.document(from: page) }
        let cancelled = Lock(0)
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return CancellationPoll.$asked.withValue(cancelled) { Result { try WikiMarkup.document(from: page) } }
        }.value
        #expect(throws: XKCDError.cancelled) { try result.get() }
        let (wholeWork, cancelledWork) = (whole.withLock { $0 }, cancelled.withLock { $0 })
        #expect(wholeWork > 1_000 && cancelledWork * 100 < wholeWork, "\(cancelledWork) of \(wholeWork)")
    }

    @Test func aTaskCancelledWhileReadingStops() async throws {
        let page = try Self.hugePage()
        let started = DispatchSemaphore(value: 0)
        let reading = ownThreadTask {
            started.signal()
            return Result { try WikiMarkup.document(from: page) }
        }
        // Cancelled from a thread of its own, which the shared pool's other work cannot hold up.
        DispatchQueue(label: "WikiHostileInputTests.cancel").async {
            started.wait()
            reading.cancel()
        }
        let result = try await reading.value
        #expect(throws: XKCDError.cancelled) { try result.get() }
    }
}
