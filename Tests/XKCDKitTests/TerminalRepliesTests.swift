import Testing
@testable import XKCDKit

/// The terminal's answers told apart from the keys typed among them.
struct TerminalRepliesTests {
    private func split(_ pieces: [String], finish: Bool = true) -> (answers: String, typed: String) {
        var replies = TerminalReplies()
        for piece in pieces { replies.take(Array(piece.utf8)) }
        if finish { replies.finish() }
        return (String(decoding: replies.answers, as: UTF8.self), String(decoding: replies.typed, as: UTF8.self))
    }

    @Test func keysBeforeBetweenAndAfterTheAnswersAreKeptInOrder() {
        let da1 = "\u{1B}[?63;4c"
        let osc = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"
        let both = split(["alt 1\r", osc, "al", da1, "t 2\r"])
        #expect(both.answers == osc + da1)
        #expect(both.typed == "alt 1\ralt 2\r")
    }

    @Test func anAnswerSplitAcrossReadsIsOneAnswer() {
        let result = split(["x\u{1B}[?6", "3;4", "cy\u{1B}]11;rgb:0/0/0", "\u{07}z"])
        #expect(result.answers == "\u{1B}[?63;4c\u{1B}]11;rgb:0/0/0\u{07}")
        #expect(result.typed == "xyz")
    }

    @Test func keysThatSendEscapesAreKeys() {
        // Up, Ctrl-Right, Delete, F1 (SS3), Alt-b, Escape alone.
        let keys = "\u{1B}[A\u{1B}[1;5C\u{1B}[3~\u{1B}OP\u{1B}b\u{1B}\u{1B}[B"
        let result = split([keys])
        #expect(result.typed == keys)
        #expect(result.answers.isEmpty)
    }

    @Test func aCursorReportIsAnAnswerAndAnArrowIsNot() {
        let result = split(["\u{1B}[12;1R", "\u{1B}[D", "\u{1B}[5R"])
        #expect(result.answers == "\u{1B}[12;1R")
        #expect(result.typed == "\u{1B}[D\u{1B}[5R")
    }

    @Test func aStringAnswerEndsAtTheNextEscapeWhereItsTerminatorIsMissing() {
        let result = split(["\u{1B}P1$r0m\u{1B}[Aq"])
        #expect(result.answers == "\u{1B}P1$r0m")
        #expect(result.typed == "\u{1B}[Aq")
    }

    @Test func whatIsCutShortAtTheEndIsKeptOnlyWhereAKeyCouldHaveBegunIt() {
        #expect(split(["a\u{1B}"]).typed == "a\u{1B}", "Escape pressed last")
        #expect(split(["a\u{1B}O"]).typed == "a\u{1B}O", "a function key's SS3")
        #expect(split(["a\u{1B}[12;"]).typed == "a", "a cursor report, cut short")
        #expect(split(["a\u{1B}[?63;"]).typed == "a", "the device attributes, cut short")
        #expect(split(["a\u{1B}]11;rgb:ff"]).typed == "a", "the background, cut short")
        let unfinished = split(["a\u{1B}[?63;"], finish: false)
        #expect(unfinished.typed == "a" && unfinished.answers.isEmpty, "held until it ends")
    }

    @Test func theGraphicsAnswerIsCompleteAmongKeys() {
        var replies = TerminalReplies()
        replies.take(Array("ls\r\u{1B}[?1;0;256S\u{1B}[A\u{1B}[?62;4;22c".utf8))
        #expect(GraphicsReply.isComplete(replies.answers))
        let reply = GraphicsReply(parsing: replies.answers)
        #expect(reply.sixel && reply.colorRegisters == 256)
        #expect(TmuxPassthrough.isCursorReport(Array("\u{1B}[3;1R".utf8)))
    }

    @Test func aCharacterOrSequenceCutAtTheEndIsSaidToBe() {
        var replies = TerminalReplies()
        replies.take(Array("é".utf8).prefix(1))
        #expect(replies.isCutShort, "half of é")
        replies.take(Array("é".utf8).dropFirst())
        #expect(!replies.isCutShort && replies.typed == Array("é".utf8))
        replies.take(Array("\u{1B}[?6".utf8))
        #expect(replies.isCutShort, "an answer still coming")
        replies.take(Array("2c".utf8))
        #expect(!replies.isCutShort)
        replies.take(Array("🙂".utf8).prefix(3))
        #expect(replies.isCutShort)
    }
}
