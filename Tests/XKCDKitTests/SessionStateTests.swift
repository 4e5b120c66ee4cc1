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

    @Test func historyIsMostRecentFirstWithoutDuplicates() {
        var state = SessionState()
        for n in [1, 2, 3, 2, 4] { state.visit(n) }
        #expect(state.recentFirst == [4, 2, 3, 1])
    }

    @Test func historyIsCapped() {
        var state = SessionState()
        for n in 1...(SessionState.historyLimit + 50) { state.visit(n) }
        #expect(state.visits.count == SessionState.historyLimit)
        #expect(state.backStack.count == SessionState.historyLimit)
        #expect(state.visits.last == SessionState.historyLimit + 50)
    }

    @Test func randomNeverRepeatsUntilAllWereSeenAndNeverPicksExcluded() {
        var state = SessionState()
        var picked: [Int] = []
        var counter = 0
        for _ in 0..<9 {
            let pick = state.pickRandom(newest: 10, excluded: [4], roll: { n in counter += 7; return counter % n })
            picked.append(pick!)
            state.visit(pick!)
        }
        #expect(Set(picked).count == 9)
        #expect(!picked.contains(4))
        // All seen: starts over rather than failing.
        let again = state.pickRandom(newest: 10, excluded: [4], roll: { _ in 0 })
        #expect(again == 1)
    }

    @Test func stateRoundTripsThroughItsEncoding() throws {
        var state = SessionState()
        #expect(SessionState(encoded: state.encoded) == state)
        state.visit(1)
        state.visit(2)
        state.visit(3)
        _ = state.goBack()
        #expect(state.encoded == "2|1|3|1,2,3,2|1,2,3")
        #expect(SessionState(encoded: state.encoded) == state)
        for bad in ["", "x|||| ", "1|2|3|4", "a||||", "1|x|||"] {
            #expect(SessionState(encoded: bad) == nil, "\(bad)")
        }
    }
}

import Foundation
