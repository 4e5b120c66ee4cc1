#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The browsing state: the current comic, browser-style back/forward stacks and the comics
/// seen this session. A pure value; every change is a mutating method. The visits themselves
/// are kept by the store, one row each, whichever process made them.
struct SessionState: Sendable, Equatable {
    /// The comic on screen, if any.
    private(set) var current: Int?
    /// Comics to return to with `back`, most recent last.
    private(set) var backStack: [Int] = []
    /// Comics to return to with `forward`, most recent last.
    private(set) var forwardStack: [Int] = []
    /// Comics shown since the seen set was last reset; `random` avoids them.
    private(set) var seen: Set<Int> = []
    /// The last search, which `more` goes on with. Not saved: it belongs to the run that made it.
    private(set) var lastSearch: SearchPosition?

    /// The most entries kept in the stacks and in the visit history.
    static let historyLimit = 1000

    /// An empty state.
    init() {}

    /// Goes to `num` as a new navigation: the current comic is pushed on the back stack and
    /// the forward stack is cleared. Going to the current comic changes nothing, like a
    /// reload; returns whether the state changed.
    @discardableResult
    mutating func visit(_ num: Int) -> Bool {
        if current == num { return false }
        if let current {
            backStack.append(current)
            trim(&backStack)
            forwardStack.removeAll()
        }
        current = num
        seen.insert(num)
        return true
    }

    /// Steps back; returns the new current comic, or nil when there is nothing behind.
    mutating func goBack() -> Int? {
        guard let target = backStack.popLast() else { return nil }
        if let current { forwardStack.append(current) }
        current = target
        seen.insert(target)
        return target
    }

    /// Steps forward; returns the new current comic, or nil when there is nothing ahead.
    mutating func goForward() -> Int? {
        guard let target = forwardStack.popLast() else { return nil }
        if let current { backStack.append(current) }
        current = target
        seen.insert(target)
        return target
    }

    /// Picks a comic in `1...newest` that is neither seen nor in `excluded`, using `roll`
    /// (which returns a value in `0..<count`); resets the seen set when all were seen.
    mutating func pickRandom(newest: Int, excluded: Set<Int>, roll: (Int) -> Int) -> Int? {
        guard newest > 0 else { return nil }
        var candidates = (1...newest).filter { !seen.contains($0) && !excluded.contains($0) }
        if candidates.isEmpty {
            seen.removeAll()
            candidates = (1...newest).filter { !excluded.contains($0) }
        }
        guard !candidates.isEmpty else { return nil }
        let index = roll(candidates.count)
        return candidates[min(max(index, 0), candidates.count - 1)]
    }

    /// A compact text form for storage: `current|back|forward|seen`, numbers
    /// separated by commas. Much cheaper than JSON for the thousands of numbers it can hold.
    var encoded: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * (seen.count + backStack.count + forwardStack.count) + 8)
        func append(_ num: Int) {
            var digits: [UInt8] = []
            var rest = num.magnitude
            repeat {
                digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            if num < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: digits.reversed())
        }
        func list(_ numbers: some Sequence<Int>) {
            var first = true
            for num in numbers {
                if !first { bytes.append(UInt8(ascii: ",")) }
                append(num)
                first = false
            }
        }
        if let current { append(current) }
        bytes.append(UInt8(ascii: "|"))
        list(backStack)
        bytes.append(UInt8(ascii: "|"))
        list(forwardStack)
        bytes.append(UInt8(ascii: "|"))
        list(seen.sorted())
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads ``encoded`` back; nil when `text` is not in that form.
    init?(encoded text: String) {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        func list(_ field: Substring) -> [Int]? {
            guard !field.isEmpty else { return [] }
            var numbers: [Int] = []
            for part in field.split(separator: ",", omittingEmptySubsequences: false) {
                guard let num = Int(part) else { return nil }
                numbers.append(num)
            }
            return numbers
        }
        guard let back = list(fields[1]), let forward = list(fields[2]), let seen = list(fields[3]) else { return nil }
        if fields[0].isEmpty {
            current = nil
        } else {
            guard let num = Int(fields[0]) else { return nil }
            current = num
        }
        backStack = Array(back.suffix(Self.historyLimit))
        forwardStack = Array(forward.suffix(Self.historyLimit))
        self.seen = Set(seen)
    }

    /// Records a search for `text` that showed its best `shown` hits.
    mutating func searched(
        _ text: String, shown: Int, method: SearchMethod = .words, options: SearchOptions = SearchOptions()
    ) {
        lastSearch = SearchPosition(text: text, shown: shown, method: method, options: options)
    }

    /// Records that `more` showed `count` more hits of the last search.
    mutating func showedMore(_ count: Int) {
        lastSearch?.shown += count
    }

    private func trim(_ list: inout [Int]) {
        if list.count > Self.historyLimit { list.removeFirst(list.count - Self.historyLimit) }
    }
}

extension SessionState {
    /// The archive's numbers up to `newest`, without the `absent` ones.
    static func archiveNumbers(newest: Int, absent: Set<Int>) -> [Int] {
        (1...max(1, newest)).filter { !absent.contains($0) }
    }

    /// The numbers `random` must not pick: the `absent` ones and, when only `stored` comics can
    /// be shown (offline), every other number up to `newest`.
    static func randomExclusions(newest: Int, absent: Set<Int>, stored: Set<Int>?) -> Set<Int> {
        guard let stored else { return absent }
        return absent.union(Set(1...max(newest, 1)).subtracting(stored))
    }

    /// The `unread` numbers (ascending) in the order to read them: those after the current
    /// comic first, then wrapping around to #1.
    func unreadOrder(unread: [Int]) -> [Int] {
        let current = current ?? 0
        return Array(unread.drop { $0 <= current } + unread.prefix { $0 <= current })
    }
}

/// A search `more` goes on with: what was searched for and how many of its hits were shown.
struct SearchPosition: Sendable, Equatable {
    var text: String
    var shown: Int
    /// The rankings it went by.
    var method: SearchMethod = .words
    /// The options it was asked with.
    var options = SearchOptions()

    /// How many of the best hits reach to the end of the next page.
    var nextLimit: Int { shown + SearchQuery.shown }
}

/// A step with `next` or `prev`: where it lands, counting only numbers not known to be absent,
/// and where it goes on when the server has no comic there. A pure value; the session fetches.
struct ComicStep: Sendable, Equatable {
    /// The comic stepped from.
    let start: Int
    /// 1 forwards, -1 backwards.
    let direction: Int
    /// The newest comic's number: the step never goes past it, nor below #1.
    let newest: Int
    /// The number to fetch.
    private(set) var target: Int
    // The numbers the server said it does not have, this step.
    private var missed: [Int] = []

    /// How many numbers in a row the server may lack before a step gives up. xkcd lacks one
    /// comic in all (#404, never asked for); a server that lacks a run of them is broken, and
    /// walking on would ask it for every comic to the end.
    static let mostMissed = 3

    /// Steps `offset` comics from `start` (backwards when negative), not counting `absent`
    /// numbers; stops at either end of `1...newest`, and throws ``XKCDError/atNewest(_:)`` or ``XKCDError/atFirst``
    /// when `start` is at that end already.
    init(from start: Int, by offset: Int, newest: Int, absent: Set<Int>) throws {
        self.start = start
        self.newest = newest
        direction = offset > 0 ? 1 : -1
        if direction > 0, start >= newest { throw XKCDError.atNewest(start) }
        if direction < 0, start <= 1 { throw XKCDError.atFirst }
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
    /// ``XKCDError/noComicBeyond(_:forward:)`` when no number is left that way, and
    /// ``XKCDError/cannotDo(_:)`` when the server has lacked ``mostMissed`` in a row.
    mutating func skipMissing() throws {
        missed.append(target)
        let candidate = target + direction
        guard (1...newest).contains(candidate), candidate != start else {
            throw XKCDError.noComicBeyond(start, forward: direction > 0)
        }
        guard missed.count < Self.mostMissed else { throw Self.serverLacks(missed) }
        target = candidate
    }

    /// The error for a server that lacked every one of `missed`, ``mostMissed`` numbers it
    /// should have.
    static func serverLacks(_ missed: [Int]) -> XKCDError {
        .cannotDo("the server has none of \(missed.map { "#\($0)" }.joined(separator: ", ")); not asking it for more")
    }
}
