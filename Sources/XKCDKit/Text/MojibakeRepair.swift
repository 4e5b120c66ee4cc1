/// Repairs UTF-8 that was decoded as Latin-1 or Windows-1252 (`ErdÅ\u{91}s` → `Erdős`,
/// `â€œ` → `“`), and lone C1 controls that were Windows-1252 punctuation (U+0085 → `…`).
public enum MojibakeRepair {
    /// Returns `text` with every byte-like sequence that spells valid multi-byte UTF-8 decoded.
    /// Runs up to three rounds, for text encoded twice or three times.
    public static func repair(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var current = text
        for _ in 0..<3 {
            guard let repaired = repairOnce(current) else { break }
            current = repaired
        }
        return mapLoneC1(current)
    }

    private static func repairOnce(_ text: String) -> String? {
        guard text.unicodeScalars.contains(where: { (0xC2...0xF4).contains($0.value) }) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var i = 0
        while i < scalars.count {
            let lead = scalars[i].value
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length > 0, i + length <= scalars.count,
               let bytes = continuationBytes(scalars[i..<(i + length)]),
               let decoded = decode(bytes) {
                out.append(decoded)
                changed = true
                i += length
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return changed ? String(out) : nil
    }

    // The lead byte as is, then each continuation scalar as the byte it was read from.
    private static func continuationBytes(_ run: ArraySlice<Unicode.Scalar>) -> [UInt8]? {
        var bytes = [UInt8(run[run.startIndex].value)]
        for scalar in run.dropFirst() {
            guard let byte = byte(for: scalar), (0x80...0xBF).contains(byte) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    private static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value <= 0xFF { return UInt8(scalar.value) }
        return windows1252Bytes[scalar.value]
    }

    private static func decode(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else { return nil }
        guard case .emptyInput = decoder.decode(&iterator) else { return nil }
        // Only multi-byte results: an ASCII "decode" would mean the bytes were not mojibake.
        return scalar.value >= 0x80 ? scalar : nil
    }

    private static func mapLoneC1(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x80...0x9F).contains(scalar.value), let mapped = windows1252Characters[UInt8(scalar.value)] {
                out.append(mapped)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
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
