import Testing

@testable import XKCDKit

/// Wrapping with a label or hanging indent, and reflowing hard-wrapped prose.
@Suite struct TextWrapperTests {
    @Test func aLabelStartsTheFirstLineAndTheRestHangUnderTheText() {
        let lines = TextWrapper.wrap(
            "unknown command 'gotoo' — did you mean 'goto'?", width: 30, indent: "       ", first: "error: ")
        #expect(lines == ["error: unknown command 'gotoo'", "       — did you mean 'goto'?"])
    }

    @Test func aHangingIndentGivesTheFirstLineTheWholeWidth() {
        let lines = TextWrapper.wrap("aaaa bbbb cccc dddd", width: 14, indent: "    ", first: "")
        #expect(lines == ["aaaa bbbb cccc", "    dddd"])
    }

    @Test func reflowKeepsParagraphsThatFitAsWritten() {
        let text = "One two three\nfour five.\n\nSix seven."
        #expect(TextWrapper.reflow(text, width: 20) == ["One two three", "four five.", "", "Six seven."])
    }

    @Test func reflowJoinsAndRewrapsAParagraphTooWide() {
        let text = "One two three four five six\nseven eight.\n\nNine."
        #expect(
            TextWrapper.reflow(text, width: 15) == ["One two three", "four five six", "seven eight.", "", "Nine."])
    }

    @Test func reflowKeepsIndentedLinesAndListItemsApart() {
        let text = """
            Examples:
              xkcd sync --all
            - first item that is long
              and goes on
            - second
            """
        #expect(
            TextWrapper.reflow(text, width: 20) == [
                "Examples:", "  xkcd sync --all", "- first item that is", "  long and goes on", "- second",
            ])
    }

    @Test func everyCommandsDetailsFitFortyColumnsWithTheirWords() {
        for spec in CommandSpec.all {
            let lines = TextWrapper.reflow(spec.details, width: 40)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(spec.name)")
            #expect(
                lines.joined(separator: " ").split(separator: " ")
                    == spec.details.split(whereSeparator: { $0 == " " || $0 == "\n" }), "\(spec.name)")
        }
    }
}
