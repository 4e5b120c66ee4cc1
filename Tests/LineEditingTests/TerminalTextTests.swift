import Testing

@testable import LineEditing

@Suite("TerminalText")
struct TerminalTextTests {
    @Test func widthsFollowWhatTerminalsDraw() {
        #expect(TerminalText.width(of: "goto 353") == 8)
        #expect(TerminalText.width(of: "日本") == 4)
        #expect(TerminalText.width(of: "cafe\u{301}") == 4)
        #expect(TerminalText.width(of: "🐍") == 2)
        #expect(TerminalText.width(of: "a\u{07}") == 3)
    }

    @Test func promptEscapeSequencesAreMarkedInvisible() {
        let prompt = "\u{1B}[1;32mxkcd #353\u{1B}[0m> "
        #expect(
            TerminalText.markingEscapes(inPrompt: prompt) == "\u{01}\u{1B}[1;32m\u{01}xkcd #353\u{01}\u{1B}[0m\u{01}> ")
        #expect(TerminalText.width(ofPrompt: prompt) == 11)
    }

    @Test func oscSequencesAndStrayMarkersAreHandled() {
        let prompt = "\u{1B}]0;title\u{07}\u{01}xkcd> "
        #expect(TerminalText.markingEscapes(inPrompt: prompt) == "\u{01}\u{1B}]0;title\u{07}\u{01}xkcd> ")
        #expect(
            TerminalText.markingEscapes(inPrompt: "\u{1B}]8;;http://x\u{1B}\\a")
                == "\u{01}\u{1B}]8;;http://x\u{1B}\\\u{01}a")
        #expect(TerminalText.width(ofPrompt: "plain> ") == 7)
    }

    @Test func controlCharactersAreShownTheWayLibeditShowsThem() {
        #expect(TerminalText.caretNotation("a\u{01}b\u{7F}é") == "a^Ab^?é")
    }

    @Test func neutralizingReplacesControlsAndBidiOverrides() {
        #expect(TerminalText.neutralized("a\u{1B}b\u{202E}c\u{2066}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(TerminalText.withoutControlCharacters("a\tb\nc") == "abc")
    }
}
