/// SplitMix64: a small deterministic random number generator, so generated test data is the
/// same on every run and platform for the same seed.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence depends only on `seed`.
    package init(seed: UInt64) {
        state = seed ^ 0x6A09_E667_F3BC_C908
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    package mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }

    /// True `percent` times in a hundred.
    package mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of `items`, which must not be empty.
    package mutating func pick<Element>(_ items: [Element]) -> Element {
        items[below(items.count)]
    }
}
