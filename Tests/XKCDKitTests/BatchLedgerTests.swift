import Testing

@testable import XKCDKit

/// The request batch's bookkeeping, without requests.
@Suite struct BatchLedgerTests {
    @Test func handsOutEveryIndexOnceInOrder() {
        var ledger = BatchLedger(count: 3)
        let taken = (0..<4).map { _ in ledger.takeNext() }
        #expect(taken == [0, 1, 2, nil])
    }

    @Test func anIdThatEndsBeforeItIsRecordedIsNotKeptInFlight() {
        var ledger = BatchLedger(count: 2)
        _ = ledger.takeNext()
        ledger.ended(7)
        let cancelSeven = ledger.started(7)
        #expect(!cancelSeven, "already over: nothing to cancel")
        #expect(ledger.inFlight.isEmpty)
        _ = ledger.takeNext()
        let cancelEight = ledger.started(8)
        #expect(!cancelEight)
        #expect(ledger.inFlight == [8])
        ledger.ended(8)
        #expect(ledger.inFlight.isEmpty)
    }

    @Test func cancellingStopsWhatIsInFlightAndAnswersTheRest() {
        var ledger = BatchLedger(count: 5)
        _ = ledger.takeNext()
        _ = ledger.started(1)
        _ = ledger.takeNext()
        _ = ledger.started(2)
        ledger.ended(1)
        let (inFlight, unasked) = ledger.cancel()
        #expect(inFlight == [2])
        #expect(unasked == 2..<5)
        let next = ledger.takeNext()
        #expect(next == nil, "nothing is asked for after a cancel")
        let again = ledger.cancel()
        #expect(again.unasked.isEmpty, "a second cancel answers nothing twice")
    }

    @Test func aRequestStartedAcrossACancelIsCancelledAtOnce() {
        var ledger = BatchLedger(count: 3)
        let index = ledger.takeNext()
        #expect(index == 0)
        let (inFlight, unasked) = ledger.cancel()
        #expect(inFlight.isEmpty)
        #expect(unasked == 1..<3)
        let cancelNow = ledger.started(9)
        #expect(cancelNow, "the cancel could not see it")
    }
}
