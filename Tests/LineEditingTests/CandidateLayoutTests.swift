import Testing

@testable import LineEditing

@Suite("CandidateLayout")
struct CandidateLayoutTests {
    @Test func candidatesRunDownThenAcrossWithinTheWidth() {
        let candidates = (1...7).map { "item\($0)" }
        // Each column is 5 + 2 wide; 20 columns fit 3 of them (the last needs no gutter).
        #expect(
            CandidateLayout.lines(for: candidates, width: 20) == [
                "item1  item4  item7",
                "item2  item5",
                "item3  item6",
            ])
    }

    @Test func fewCandidatesStayOnOneLine() {
        #expect(CandidateLayout.lines(for: ["help", "history"], width: 100) == ["help     history"])
    }

    @Test func aNarrowTerminalGetsOneColumn() {
        #expect(
            CandidateLayout.lines(for: ["goto Barrel - Part 1", "goto Python"], width: 10) == [
                "goto Barrel - Part 1",
                "goto Python",
            ])
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(CandidateLayout.lines(for: ["日本", "ab", "cd"], width: 16) == ["日本  ab    cd"])
    }

    @Test func candidatesCannotMoveTheCursorOrReorderTheScreen() {
        let lines = CandidateLayout.lines(for: ["evil\u{1B}[2J", "\u{202E}reversed"], width: 80)
        #expect(lines == ["evil\u{FFFD}[2J   \u{FFFD}reversed"])
    }

    @Test func noCandidatesNoLines() {
        #expect(CandidateLayout.lines(for: [], width: 80).isEmpty)
    }
}
