/// Finds text that ``TextRepair/text(_:)`` would return unchanged, eight bytes at a time: most
/// alt texts and transcripts are plain, and a sync repairs 1.6 MB of them.
enum CleanTextCheck {
    /// True when `text` is printable ASCII and line breaks with no `&`, no space before a line
    /// break, no line break first or last and no space last: no repair pass changes it.
    static func needsNoRepair(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { needsNoRepair($0) } ?? false
    }

    static func needsNoRepair(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let first = bytes.first, let last = bytes.last else { return true }
        if first == 0x0A || last == 0x0A || last == 0x20 { return false }
        let raw = UnsafeRawPointer(base)
        var previous: UInt8 = 0
        var i = 0
        while i + 8 <= bytes.count {
            let word = ByteWord(raw, at: i)
            if word.nonASCII != 0 || word.equal(to: 0x26) != 0 || word.equal(to: 0x7F) != 0 { return false }
            // A byte below 0x20: only a line break is allowed, and not after a space.
            if word.below(0x20) != 0 {
                for k in i..<(i + 8) where !allowed(bytes[k], after: k == 0 ? 0 : bytes[k - 1]) { return false }
            }
            previous = word.last
            i += 8
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x7F || byte == 0x26 || !allowed(byte, after: previous) { return false }
            previous = byte
            i += 1
        }
        return true
    }

    private static func allowed(_ byte: UInt8, after previous: UInt8) -> Bool {
        byte >= 0x20 || byte == 0x0A && previous != 0x20
    }
}
