import Testing
@testable import XKCDKit

@Suite struct CompleterTests {
    let completer = Completer()

    @Test func completesAUniqueCommandNameWithASpace() {
        #expect(completer.complete("go") == Completion(replaceCount: 2, insertion: "goto ", candidates: ["goto"]))
        #expect(completer.complete("GO").insertion == "goto ")
        #expect(completer.complete("  lat").insertion == "latest ")
    }

    @Test func ambiguousPrefixesListCandidates() {
        let c = completer.complete("f")
        #expect(c.candidates == ["first", "forward", "fav", "favs"])
        #expect(c.insertion == "")
        let h = completer.complete("h")
        #expect(h.candidates == ["history", "help"])
        #expect(h.insertion == "")
        let he = completer.complete("he")
        #expect(he.insertion == "help ")
    }

    @Test func emptyLineListsEveryCommand() {
        #expect(completer.complete("").candidates.count == CommandSpec.all.count)
    }

    @Test func helpCompletesCommandNames() {
        #expect(completer.complete("help tr").insertion == "transcript ")
        #expect(completer.complete("help transcript ").candidates.isEmpty)
    }

    @Test func completesAfterASemicolon() {
        #expect(completer.complete("goto 353; ne").insertion == "next ")
    }

    @Test func unknownCommandsCompleteNothing() {
        #expect(completer.complete("zz") == .none)
        #expect(completer.complete("zz a") == .none)
    }
}
