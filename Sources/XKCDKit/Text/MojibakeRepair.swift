/// Repairs UTF-8 that was decoded as Latin-1 or Windows-1252 (`ErdÅ\u{91}s` → `Erdős`,
/// `â€œ` → `“`), and lone C1 controls that were Windows-1252 punctuation (U+0085 → `…`).
package enum MojibakeRepair {
    /// Returns `text` with every byte-like sequence that spells valid multi-byte UTF-8 decoded.
    /// Runs up to three rounds, for text encoded twice or three times.
    package static func repair(_ text: String) -> String {
        var current = text
        for _ in 0..<3 {
            guard let repaired = repairOnce(&current) else { break }
            current = repaired
        }
        return mapLoneC1(&current) ?? current
    }

    // One pass over the UTF-8 bytes; nil when nothing changed. A candidate starts at a
    // scalar U+00C2…U+00F4 (bytes C3 82…C3 B4), which could be a UTF-8 lead byte read as Latin-1.
    private static func repairOnce(_ text: inout String) -> String? {
        text.withUTF8 { bytes -> String? in
            guard var i = firstPair(in: bytes, lead: 0xC3, next: 0x82...0xB4) else { return nil }
            var out = copy(bytes, prefix: i)
            var changed = false
            while i < bytes.count {
                let (lead, leadLength) = UTF8Bytes.scalar(in: bytes, at: i)
                if let (decoded, end) = mojibake(in: bytes, lead: lead, after: i + leadLength) {
                    UTF8.encode(decoded) { out.append($0) }
                    changed = true
                    i = end
                } else {
                    out.append(contentsOf: bytes[i..<(i + leadLength)])
                    i += leadLength
                }
            }
            return changed ? String(decoding: out, as: UTF8.self) : nil
        }
    }

    // When `lead` (as a byte) and the scalars from `start` (as bytes) spell one multi-byte
    // UTF-8 sequence, its scalar and where the sequence ends.
    private static func mojibake(in bytes: UnsafeBufferPointer<UInt8>, lead: UInt32, after start: Int) -> (
        Unicode.Scalar, Int
    )? {
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        var sequence: [UInt8] = [UInt8(lead)]
        var j = start
        while sequence.count < length {
            guard j < bytes.count else { return nil }
            let (next, nextLength) = UTF8Bytes.scalar(in: bytes, at: j)
            guard let byte = byte(for: next), (0x80...0xBF).contains(byte) else { return nil }
            sequence.append(byte)
            j += nextLength
        }
        guard let decoded = decode(sequence) else { return nil }
        return (decoded, j)
    }

    // Where `lead` is first followed by a byte in `next`.
    private static func firstPair(in bytes: UnsafeBufferPointer<UInt8>, lead: UInt8, next: ClosedRange<UInt8>) -> Int? {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == lead, next.contains(bytes[i + 1]) { return i }
            i += 1
        }
        return nil
    }

    // The first `count` bytes, in a buffer with room for the rest.
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, prefix count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        out.append(contentsOf: bytes[..<count])
        return out
    }

    private static func byte(for scalar: UInt32) -> UInt8? {
        if scalar <= 0xFF { return UInt8(scalar) }
        return windows1252Bytes[scalar]
    }

    private static func decode(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else { return nil }
        guard case .emptyInput = decoder.decode(&iterator) else { return nil }
        // Only multi-byte results: an ASCII "decode" would mean the bytes were not mojibake.
        return scalar.value >= 0x80 ? scalar : nil
    }

    // Lone C1 scalars (bytes C2 80…C2 9F) that Windows-1252 maps to punctuation; nil when none.
    private static func mapLoneC1(_ text: inout String) -> String? {
        text.withUTF8 { bytes -> String? in
            guard var i = firstPair(in: bytes, lead: 0xC2, next: 0x80...0x9F) else { return nil }
            var out = copy(bytes, prefix: i)
            while i < bytes.count {
                if i + 1 < bytes.count, bytes[i] == 0xC2, let mapped = windows1252Characters[bytes[i + 1]] {
                    UTF8.encode(mapped) { out.append($0) }
                    i += 2
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let windows1252Characters: [UInt8: Unicode.Scalar] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ",
        0x89: "‰", 0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“",
        0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›",
        0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]

    private static let windows1252Bytes: [UInt32: UInt8] = Dictionary(
        uniqueKeysWithValues: windows1252Characters.map { ($0.value.value, $0.key) }
    )
}
