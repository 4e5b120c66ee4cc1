/// Eight bytes read as one word, for scans that test a whole word at a time (the classic
/// zero-byte tests). Each test sets the high bit of every byte that passes; the lowest such bit
/// is exact (borrows can only set bits above it), so `trailingZeroBitCount / 8` is the index of
/// the first byte that passes.
struct ByteWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The word, first byte lowest.
    let bits: UInt64

    /// The eight bytes at `offset` from `base`, which need no alignment.
    init(_ base: UnsafeRawPointer, at offset: Int) {
        bits = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes equal to `byte`.
    func equal(to byte: UInt8) -> UInt64 {
        let v = bits ^ (UInt64(byte) &* Self.ones)
        return (v &- Self.ones) & ~v & Self.highBits
    }

    /// The bytes below `byte`, which must be at most 0x80.
    func below(_ byte: UInt8) -> UInt64 {
        (bits &- UInt64(byte) &* Self.ones) & ~bits & Self.highBits
    }

    /// The bytes of 0x80 and above.
    var nonASCII: UInt64 { bits & Self.highBits }

    /// The eighth byte.
    var last: UInt8 { UInt8(truncatingIfNeeded: bits >> 56) }
}
