import Testing

@testable import XKCDKit

@Suite struct ImageProtocolChoiceTests {
    private func choose(
        _ environment: [String: String], tty: Bool = true, noColor: Bool = false, sixel: Bool = false,
        forced: ImageProtocol? = nil
    ) -> ImageProtocol {
        ImageProtocolChoice.choose(
            forced: forced,
            facts: TerminalFacts(environment: environment, isTTY: tty, noColor: noColor, sixel: sixel))
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], ImageProtocol.kitty),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .kitty),
        (["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], .kitty),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm),
        (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .iterm),
        (["TERM": "xterm-256color"], .blocks),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], .blocks),
        (["TERM": "dumb"], .ascii),
        ([:], .ascii),
        (["TERM": ""], .ascii),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], .ascii),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .blocks),
        // Emacs' shell inside kitty: the kitty variable is inherited, the terminal is dumb.
        (["TERM": "dumb", "KITTY_WINDOW_ID": "3"], .ascii),
        // Graphics protocols draw pictures, not coloured text: NO_COLOR leaves them alone.
        (["TERM": "xterm-kitty", "NO_COLOR": "1"], .kitty),
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0", "KITTY_WINDOW_ID": "1"], .blocks),
        (["TERM": "screen", "TMUX": "/tmp/tmux", "LC_TERMINAL": "iTerm2"], .blocks),
        (["TERM": "screen", "TMUX": "/tmp/tmux", "NO_COLOR": "yes"], .ascii),
    ])
    func automaticChoice(environment: [String: String], expected: ImageProtocol) {
        #expect(choose(environment) == expected)
    }

    @Test func sixelWhenTheTerminalReportsItButNotInsideTmux() {
        #expect(choose(["TERM": "xterm-256color"], sixel: true) == .sixel)
        #expect(choose(["TERM": "xterm-256color", "TMUX": "/tmp/tmux"], sixel: true) == .blocks)
        #expect(choose(["TERM": "xterm-kitty"], sixel: true) == .kitty)
        #expect(choose(["TERM": "dumb"], sixel: true) == .ascii)
    }

    @Test func noColorFlagTurnsBlocksIntoCharacters() {
        #expect(choose(["TERM": "xterm-256color"], noColor: true) == .ascii)
        #expect(choose(["TERM": "xterm-256color"], noColor: false) == .blocks)
    }

    @Test func notATerminalIsAlwaysPlainCharacters() {
        #expect(choose(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], tty: false) == .ascii)
        #expect(choose(["TERM": "xterm-256color"], tty: false, sixel: true) == .ascii)
    }

    @Test(arguments: ImageProtocol.allCases)
    func aForcedProtocolWinsOverEverything(forced: ImageProtocol) {
        #expect(choose([:], tty: false, forced: forced) == forced)
        #expect(choose(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux"], noColor: true, forced: forced) == forced)
    }

    @Test func protocolNamesAreTheirOptionValues() {
        #expect(ImageProtocol.allCases.map(\.rawValue) == ["kitty", "iterm", "sixel", "blocks", "ascii"])
        #expect(ImageProtocol(rawValue: "sixel") == .sixel)
    }

    @Test(arguments: [
        ("truecolor", BlockColors.trueColor), ("24bit", .trueColor), ("TrueColor", .trueColor),
        ("", .palette256), ("256", .palette256), ("yes", .palette256),
    ])
    func blockColoursFollowColorterm(colorterm: String, expected: BlockColors) {
        let facts = TerminalFacts(environment: ["TERM": "xterm", "COLORTERM": colorterm], isTTY: true)
        #expect(ImageProtocolChoice.blockColors(facts: facts) == expected)
        #expect(ImageProtocolChoice.blockColors(facts: TerminalFacts(environment: [:], isTTY: true)) == .palette256)
    }
}
