/// Terminal column widths: wide (CJK, emoji) characters take two columns, marks none.
package enum DisplayWidth {
    /// The columns `text` occupies.
    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one character occupies.
    package static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation })
        {
            return 2
        }
        return of(first)
    }

    /// The columns one scalar occupies.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension DisplayWidth {
    /// `text` with spaces after it up to `columns`; as it is when it is that wide already.
    static func padded(_ text: String, to columns: Int) -> String {
        let width = of(text)
        return width >= columns ? text : text + String(repeating: " ", count: columns - width)
    }

    /// `text` cut to `columns` with an ellipsis when it is wider; as it is otherwise, or when
    /// there is no room for more than the ellipsis.
    static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns, columns > 1 else { return text }
        var out = ""
        var width = 0
        for character in text {
            let characterWidth = of(character)
            if width + characterWidth > columns - 1 { break }
            out.append(character)
            width += characterWidth
        }
        return out + "…"
    }
}
