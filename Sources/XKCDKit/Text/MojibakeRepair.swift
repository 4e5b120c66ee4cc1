/// Repairs UTF-8 that was decoded as Latin-1 (`ErdÅ\u{91}s` → `Erdős`).
public enum MojibakeRepair {
    /// Returns `text` with every Latin-1 sequence that spells valid multi-byte UTF-8 decoded.
    /// Runs up to three rounds, for text encoded twice or three times.
    public static func repair(_ text: String) -> String {
        var current = text
        for _ in 0..<3 {
            guard let repaired = repairOnce(current) else { break }
            current = repaired
        }
        return current
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
               scalars[(i + 1)..<(i + length)].allSatisfy({ (0x80...0xBF).contains($0.value) }),
               let decoded = decode(scalars[i..<(i + length)].map { UInt8($0.value) }) {
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

    private static func decode(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else { return nil }
        guard case .emptyInput = decoder.decode(&iterator) else { return nil }
        return scalar
    }
}
