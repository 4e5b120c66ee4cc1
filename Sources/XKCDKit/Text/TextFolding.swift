/// Text folded for matching titles: case, accents and width ignored, as Foundation's
/// `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)`
/// folds it, from a table made once from the Unicode data (``FoldTable``, written by
/// `scripts/make-fold-table.py`) rather than with ICU. `Résumé`, `RESUME` and `ｒｅｓｕｍｅ` are
/// all `resume`; letters Unicode does not decompose are spelled plainly too (`Łódź` is `lodz`,
/// `Æsir` is `aesir`, `ﬁsh` is `fish`, `Straße` is `strasse`).
enum TextFolding {
    /// `text` folded: each scalar as the table spells it (ASCII lower-cased), and the combining
    /// marks that follow a Latin, Greek or Cyrillic letter, or that are accents, dropped.
    static func fold(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map(ASCIICase.fold), as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for character in text {
            var dropsMarks: Bool?
            for scalar in character.unicodeScalars {
                if let dropsMarks, isMark(scalar), dropsMarks || isAccent(scalar) { continue }
                let start = out.endIndex
                append(scalar, to: &out)
                if dropsMarks == nil, let base = out[start...].first {
                    dropsMarks = hasLettersThatLoseMarks(base)
                }
            }
        }
        return String(out)
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        if scalar.isASCII {
            out.append(Unicode.Scalar(ASCIICase.fold(UInt8(scalar.value))))
            return
        }
        let entries = FoldTable.entries
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].scalar < scalar.value { low = middle + 1 } else { high = middle }
        }
        if low < entries.count, entries[low].scalar == scalar.value {
            out.append(contentsOf: entries[low].folded.unicodeScalars)
        } else {
            out.append(scalar)
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    // The combining diacritical marks' blocks (general, extended, supplement, for symbols, half
    // marks): dropped after any letter.
    private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    // Latin, Greek and Cyrillic (and ASCII digits and signs): their marks are all dropped.
    private static func hasLettersThatLoseMarks(_ base: Unicode.Scalar) -> Bool {
        switch base.value {
        case 0x0000...0x052F, 0x1C80...0x1C8F, 0x1E00...0x1FFF, 0x2C60...0x2C7F, 0xA640...0xA69F, 0xA720...0xA7FF,
            0xAB30...0xAB6F:
            true
        default: false
        }
    }
}
