import Foundation
import Testing

@testable import XKCDKit

/// `Lock`: one holder at a time, in an order ThreadSanitizer sees (`make sanitize` reports any
/// access below that the lock does not order).
@Suite struct LockTests {
    // State that only the lock keeps consistent: two fields changed one after the other.
    private final class Tally: @unchecked Sendable {
        let lock = Lock(())
        var count = 0
        var last = -1
    }

    @Test func threadsTakingTurnsLoseNoChange() {
        let tally = Tally()
        let threads = 4
        let rounds = 20_000
        let torn = Lock(0)
        // Threads of their own, not the shared pool: they contend for the lock at once.
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds {
                let consistent = tally.lock.withLock { _ in
                    let seen = tally.last == tally.count - 1
                    tally.count += 1
                    tally.last = tally.count - 1
                    return seen
                }
                if !consistent { torn.withLock { $0 += 1 } }
            }
        }
        #expect(tally.lock.withLock { _ in tally.count } == threads * rounds)
        #expect(torn.withLock { $0 } == 0, "a holder saw another's change half made")
    }

    @Test func aThrowingBodyLetsGoOfTheLock() throws {
        struct Refused: Error {}
        let lock = Lock([1, 2])
        #expect(throws: Refused.self) {
            try lock.withLock { (values: inout [Int]) throws(Refused) in
                values.append(3)
                throw Refused()
            }
        }
        #expect(lock.withLock { $0 } == [1, 2, 3])
    }
}
