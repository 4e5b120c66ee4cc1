import Foundation
import Testing

@testable import XKCDKit

@Suite struct SessionStateTests {
    @Test func backAndForwardBehaveLikeABrowser() {
        var state = SessionState()
        state.visit(1)
        state.visit(2)
        state.visit(3)
        #expect(state.current == 3)
        #expect(state.goBack() == 2)
        #expect(state.goBack() == 1)
        #expect(state.goBack() == nil)
        #expect(state.current == 1)
        #expect(state.goForward() == 2)
        state.visit(10)
        #expect(state.goForward() == nil)
        #expect(state.backStack == [1, 2])
        #expect(state.goBack() == 2)
    }

    @Test func revisitingTheCurrentComicDoesNotGrowTheBackStack() {
        var state = SessionState()
        state.visit(5)
        state.visit(5)
        #expect(state.backStack.isEmpty)
    }

    @Test func theBackStackIsCapped() {
        var state = SessionState()
        for n in 1...(SessionState.historyLimit + 50) { state.visit(n) }
        #expect(state.backStack.count == SessionState.historyLimit)
        #expect(state.backStack.last == SessionState.historyLimit + 49)
    }

    @Test func randomNeverRepeatsUntilAllWereSeenAndNeverPicksExcluded() {
        var state = SessionState()
        var picked: [Int] = []
        var counter = 0
        for _ in 0..<9 {
            let pick = state.pickRandom(
                newest: 10, excluded: [4],
                roll: { n in
                    counter += 7
                    return counter % n
                })
            picked.append(pick!)
            state.visit(pick!)
        }
        #expect(Set(picked).count == 9)
        #expect(!picked.contains(4))
        // All seen: starts over rather than failing.
        let again = state.pickRandom(newest: 10, excluded: [4], roll: { _ in 0 })
        #expect(again == 1)
    }

    @Test func aStepCountsOnlyNumbersNotKnownAbsent() throws {
        #expect(try ComicStep(from: 403, by: 1, newest: 2000, absent: [404]).target == 405)
        #expect(try ComicStep(from: 405, by: -1, newest: 2000, absent: [404]).target == 403)
        #expect(try ComicStep(from: 5, by: 3, newest: 20, absent: [6, 8]).target == 10)
        // Past either end, the step stops there.
        #expect(try ComicStep(from: 18, by: 5, newest: 20, absent: []).target == 20)
        #expect(try ComicStep(from: 3, by: -5, newest: 20, absent: []).target == 1)
        #expect(throws: XKCDError.atNewest(20)) {
            try ComicStep(from: 20, by: 1, newest: 20, absent: [])
        }
        #expect(throws: XKCDError.atFirst) {
            try ComicStep(from: 1, by: -1, newest: 20, absent: [])
        }
    }

    @Test func aStepGoesOnPastMissingComicsUntilTheEnd() throws {
        var forward = try ComicStep(from: 17, by: 1, newest: 20, absent: [])
        try forward.skipMissing()
        #expect(forward.target == 19)
        try forward.skipMissing()
        #expect(forward.target == 20)
        #expect(throws: XKCDError.noComicBeyond(17, forward: true)) { try forward.skipMissing() }
        var backward = try ComicStep(from: 3, by: -1, newest: 20, absent: [])
        try backward.skipMissing()
        #expect(backward.target == 1)
        #expect(throws: XKCDError.noComicBeyond(3, forward: false)) { try backward.skipMissing() }
    }

    @Test func aStepGivesUpOnAServerThatLacksARunOfComics() throws {
        var forward = try ComicStep(from: 2, by: 1, newest: 2000, absent: [])
        try forward.skipMissing()
        try forward.skipMissing()
        #expect(forward.target == 5)
        #expect(throws: XKCDError.cannotDo("the server has none of #3, #4, #5; not asking it for more")) {
            try forward.skipMissing()
        }
        var backward = try ComicStep(from: 100, by: -1, newest: 2000, absent: [])
        try backward.skipMissing()
        try backward.skipMissing()
        #expect(throws: XKCDError.cannotDo("the server has none of #99, #98, #97; not asking it for more")) {
            try backward.skipMissing()
        }
    }

    @Test func unreadComicsComeAfterTheCurrentOneThenWrapAround() {
        var state = SessionState()
        #expect(state.unreadOrder(unread: [1, 3, 6]) == [1, 3, 6])
        state.visit(3)
        #expect(state.unreadOrder(unread: [1, 2, 5, 7]) == [5, 7, 1, 2])
        state.visit(7)
        #expect(state.unreadOrder(unread: [1, 2, 5, 7]) == [1, 2, 5, 7])
        #expect(state.unreadOrder(unread: []) == [])
    }

    @Test func moreGoesOnFromWhereTheLastSearchStoppedAndIsNotSaved() throws {
        var state = SessionState()
        #expect(state.lastSearch == nil)
        state.visit(353)
        state.searched("python", shown: 10)
        #expect(state.lastSearch?.nextLimit == 20)
        state.showedMore(10)
        state.showedMore(2)
        #expect(state.lastSearch == SearchPosition(text: "python", shown: 22))
        state.searched("perl", shown: 3)
        #expect(state.lastSearch == SearchPosition(text: "perl", shown: 3), "a new search starts over")
        let restored = try #require(SessionState(encoded: state.encoded))
        #expect(restored.lastSearch == nil && restored.current == 353, "a search belongs to its run")
    }

    @Test func theArchiveLeavesOutAbsentNumbers() {
        #expect(SessionState.archiveNumbers(newest: 6, absent: [2, 4, 9]) == [1, 3, 5, 6])
        #expect(SessionState.archiveNumbers(newest: 0, absent: []) == [1])
    }

    @Test func randomExcludesAbsentAndOfflineUnstoredComics() {
        #expect(SessionState.randomExclusions(newest: 5, absent: [2], stored: nil) == [2])
        #expect(SessionState.randomExclusions(newest: 5, absent: [2], stored: [1, 2, 4]) == [2, 3, 5])
    }

    @Test func stateRoundTripsThroughItsEncoding() throws {
        var state = SessionState()
        #expect(SessionState(encoded: state.encoded) == state)
        state.visit(1)
        state.visit(2)
        state.visit(3)
        _ = state.goBack()
        #expect(state.encoded == "2|1|3|1,2,3")
        #expect(SessionState(encoded: state.encoded) == state)
        // The last is the form that held the visits too, before they were rows of the store.
        for bad in ["", "x||| ", "1|2|3|4|5", "a|||", "1|x||", "2|1|3|1,2,3,2|1,2,3"] {
            #expect(SessionState(encoded: bad) == nil, "\(bad)")
        }
    }

    @Test func theEndsOfTheArchiveAndTheHistoryAreWordedInOnePlace() {
        let worded: [(XKCDError, String)] = [
            (.atNewest(20), "#20 is the newest comic"), (.atFirst, "#1 is the first comic"),
            (.noComicBeyond(17, forward: true), "no comic after #17"),
            (.noComicBeyond(3, forward: false), "no comic before #3"), (.noComicToPick, "no comic to pick from"),
            (.nothingToGo(back: true), "nothing to go back to"),
            (.nothingToGo(back: false), "nothing to go forward to"),
            (.historyChanged, "the history changed — try again"),
        ]
        for (error, message) in worded { #expect(XKCDError.message(for: error) == message) }
    }
}
