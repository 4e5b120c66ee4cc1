/// Makes server text safe to print: nothing it holds can move the cursor, change the
/// terminal or reorder the screen.
package enum TerminalSanitizer {
    /// Most combining marks kept on one base character; floods beyond it are dropped.
    package static let maxCombiningMarks = 4

    /// `text` sanitized to one line and cut to `limit` characters, for quoting what a user typed.
    package static func brief(_ text: String, limit: Int = 40) -> String {
        let clean = sanitize(text, multiline: false)
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }

    /// Drops C0/C1 controls (keeping newlines when `multiline`), bidirectional controls and
    /// invisible format characters, turns tabs into spaces and caps combining-mark runs.
    package static func sanitize(_ text: String, multiline: Bool) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Most text is printable ASCII (and newlines): nothing to do.
            var clean = 0
            while clean < bytes.count, bytes[clean] >= 0x20 && bytes[clean] < 0x7F || bytes[clean] == 0x0A && multiline
            {
                clean += 1
            }
            if clean == bytes.count { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            out.append(contentsOf: bytes[0..<clean])
            var combining = 0
            var i = clean
            while i < bytes.count {
                let lead = bytes[i]
                if lead < 0x80 {
                    i += 1
                    switch lead {
                    case 0x20..<0x7F: out.append(lead)
                    case 0x0A: out.append(multiline ? 0x0A : 0x20)
                    case 0x09: out.append(0x20)
                    default: continue
                    }
                    combining = 0
                    continue
                }
                let (value, length) = UTF8Bytes.scalar(in: bytes, at: i)
                let sequence = bytes[i..<(i + length)]
                i += length
                switch value {
                case 0x2028, 0x2029:
                    out.append(multiline ? 0x0A : 0x20)
                    combining = 0
                    continue
                case 0x80...0x9F, 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x061C, 0xFEFF,
                    0xFFF9...0xFFFB, 0xE0000...0xE007F:
                    continue
                default:
                    break
                }
                let category = Unicode.Scalar(value)?.properties.generalCategory
                if category == .nonspacingMark || category == .enclosingMark {
                    combining += 1
                    if combining > maxCombiningMarks { continue }
                } else {
                    combining = 0
                }
                out.append(contentsOf: sequence)
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }
}
