/// Makes server text safe to print: nothing it holds can move the cursor, change the
/// terminal or reorder the screen.
public enum TerminalSanitizer {
    /// Most combining marks kept on one base character; floods beyond it are dropped.
    public static let maxCombiningMarks = 4

    /// `text` sanitized to one line and cut to `limit` characters, for quoting what a user typed.
    public static func brief(_ text: String, limit: Int = 40) -> String {
        let clean = sanitize(text, multiline: false)
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }

    /// Drops C0/C1 controls (keeping newlines when `multiline`), bidirectional controls and
    /// invisible format characters, turns tabs into spaces and caps combining-mark runs.
    public static func sanitize(_ text: String, multiline: Bool) -> String {
        // Most text is printable ASCII (and newlines): nothing to do.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) || ($0 == 0x0A && multiline) }) { return text }
        var out = String.UnicodeScalarView()
        var combining = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x20..<0x7F).contains(v) {
                out.append(scalar)
                combining = 0
                continue
            }
            switch v {
            case 0x0A, 0x2028, 0x2029:
                out.append(multiline ? "\n" : " ")
                combining = 0
                continue
            case 0x09:
                out.append(" ")
                combining = 0
                continue
            case 0x0D:
                continue
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x061C, 0xFEFF, 0xFFF9...0xFFFB:
                continue
            case 0xE0000...0xE007F:
                continue
            default:
                break
            }
            if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark {
                combining += 1
                if combining > maxCombiningMarks { continue }
            } else {
                combining = 0
            }
            out.append(scalar)
        }
        return String(out)
    }
}
