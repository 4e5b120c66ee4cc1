/// Hands values over in the order of their keys, holding those that arrive early. A sync's
/// answers come back slightly shuffled, and FTS5 writes out its in-memory index whenever a
/// row number goes down: in order, a transaction's rows make one index segment.
struct InOrderRelease<Value> {
    private let order: [Int]
    private var cursor = 0
    // What arrived ahead of its turn; nil for a key that brings no value.
    private var arrived: [Int: Value?] = [:]

    /// Releases values in the order of `order`, whose keys are distinct.
    init(_ order: [Int]) {
        self.order = order
    }

    /// How many keys arrived ahead of their turn.
    var heldCount: Int { arrived.count }

    /// Takes the value for `key` (nil when none will come, as for a failure) and releases every
    /// value whose turn has now come, in order.
    mutating func arrive(_ key: Int, _ value: Value?, release: (Value) throws -> Void) rethrows {
        arrived[key] = .some(value)
        while cursor < order.count, let next = arrived.removeValue(forKey: order[cursor]) {
            cursor += 1
            if let next { try release(next) }
        }
    }

    /// Releases everything still held, in key order, for when the rest will never come.
    mutating func drain(release: (Value) throws -> Void) rethrows {
        for key in arrived.keys.sorted() {
            if let value = arrived.removeValue(forKey: key) ?? nil { try release(value) }
        }
    }
}
