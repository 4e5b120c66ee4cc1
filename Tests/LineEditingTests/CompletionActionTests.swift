import Testing

@testable import LineEditing

@Suite("CompletionAction")
struct CompletionActionTests {
    private func action(
        _ before: String, _ replaceCount: Int, _ insertion: String, _ candidates: [String] = [], note: String? = nil
    ) -> CompletionAction {
        CompletionAction(
            completion: (replaceCount: replaceCount, insertion: insertion, candidates: candidates, note: note),
            textBeforeCursor: before)
    }

    @Test func anInsertionAtTheCursorDeletesNothing() {
        let result = action("go", 0, "to ", ["goto"])
        #expect(result == .edit(deleteScalars: 0, insert: "to "))
        #expect(result.applied(to: "go") == "goto ")
    }

    @Test func replacingAWordCountsUnicodeScalarsForLibedit() {
        // "café" typed as e + combining acute is 4 Characters but 5 scalars.
        let before = "goto cafe\u{301}"
        let result = action(before, 4, "Café ", ["Café"])
        #expect(result == .edit(deleteScalars: 5, insert: "Café "))
        #expect(result.applied(to: before) == "goto Café ")
    }

    @Test func multiWordTitlesReplaceEverythingTheCompleterAskedFor() {
        let before = "goto barrel - p"
        let result = action(before, 10, "Barrel - Part 1 ", ["Barrel - Part 1"])
        #expect(result == .edit(deleteScalars: 10, insert: "Barrel - Part 1 "))
        #expect(result.applied(to: before) == "goto Barrel - Part 1 ")
    }

    @Test func wideCharactersAreOneScalarEach() {
        let result = action("goto 日", 1, "日本 ", ["日本"])
        #expect(result == .edit(deleteScalars: 1, insert: "日本 "))
        #expect(result.applied(to: "goto 日") == "goto 日本 ")
    }

    @Test func aReplaceCountBeyondTheTextIsClamped() {
        #expect(action("go", 10, "goto ") == .edit(deleteScalars: 2, insert: "goto "))
        #expect(action("go", -3, "to ") == .edit(deleteScalars: 0, insert: "to "))
    }

    @Test func controlCharactersNeverReachTheLine() {
        #expect(action("go", 2, "goto\n\u{1B}[2J") == .edit(deleteScalars: 2, insert: "goto[2J"))
    }

    @Test func nothingToChangeWithSeveralCandidatesLists() {
        #expect(action("goto ", 0, "", ["Python", "Barrel"]) == .list(["Python", "Barrel"]))
        #expect(action("goto Py", 2, "Py", ["Python", "Pyramid"]) == .list(["Python", "Pyramid"]))
    }

    @Test func nothingToChangeWithOneCandidateIsAlreadyComplete() {
        #expect(action("help ", 0, "", ["help"]) == .complete)
    }

    @Test func noCandidatesBeeps() {
        #expect(action("xyzzy", 0, "", []) == .noMatch)
        #expect(action("xyzzy", 0, "", []).applied(to: "xyzzy") == "xyzzy")
    }

    @Test func noCandidatesWithANoteShowsTheNoteWithoutItsControlCharacters() {
        #expect(action("goto Py", 0, "", [], note: "no comics\u{1B}[2J stored") == .note("no comics[2J stored"))
        #expect(action("goto Py", 0, "", [], note: "no comics").applied(to: "goto Py") == "goto Py")
    }
}
