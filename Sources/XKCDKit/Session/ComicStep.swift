/// A step with `next` or `prev`: where it lands, counting only numbers not known to be absent,
/// and where it goes on when the server has no comic there. A pure value; the session fetches.
package struct ComicStep: Sendable, Equatable {
    /// The comic stepped from.
    package let start: Int
    /// 1 forwards, -1 backwards.
    package let direction: Int
    /// The newest comic's number: the step never goes past it, nor below #1.
    package let newest: Int
    /// The number to fetch.
    package private(set) var target: Int

    /// Steps `offset` comics from `start` (backwards when negative), not counting `absent`
    /// numbers; stops at either end of `1...newest`, and throws ``XKCDError/endOfArchive(_:)``
    /// when `start` is at that end already.
    package init(from start: Int, by offset: Int, newest: Int, absent: Set<Int>) throws {
        self.start = start
        self.newest = newest
        direction = offset > 0 ? 1 : -1
        if direction > 0, start >= newest { throw XKCDError.endOfArchive("#\(start) is the newest comic") }
        if direction < 0, start <= 1 { throw XKCDError.endOfArchive("#1 is the first comic") }
        target = start
        var remaining = abs(offset)
        while remaining > 0 {
            let candidate = target + direction
            guard (1...newest).contains(candidate) else { break }
            target = candidate
            if !absent.contains(target) { remaining -= 1 }
        }
    }

    /// Moves on past `target`, which the server does not have; throws
    /// ``XKCDError/endOfArchive(_:)`` when no number is left that way.
    package mutating func skipMissing() throws {
        let candidate = target + direction
        guard (1...newest).contains(candidate), candidate != start else {
            throw XKCDError.endOfArchive(direction > 0 ? "no comic after #\(start)" : "no comic before #\(start)")
        }
        target = candidate
    }
}
