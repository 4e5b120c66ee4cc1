/// BERT's uncased WordPiece tokenizer, as huggingface/tokenizers runs it for all-MiniLM-L6-v2:
/// `BertNormalizer` (control characters dropped, whitespace made spaces, CJK ideographs made
/// words of their own, accents stripped, lower case), `BertPreTokenizer` (words split at
/// whitespace, each punctuation mark a word of its own), `WordPiece` (greedy longest match,
/// `##` before a piece inside a word, `[UNK]` for a word it cannot spell or longer than 100
/// scalars), then `[CLS] … [SEP]`, truncated to the model's longest sequence.
struct WordPieceTokenizer: Sendable {
    static let longestWord = 100

    private let ids: [String: Int32]
    private let unknown: Int32
    private let classification: Int32
    private let separator: Int32
    private let longestSequence: Int

    init?(vocabulary: [String], longestSequence: Int) {
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(vocabulary.count)
        for (id, token) in vocabulary.enumerated() where ids[token] == nil {
            ids[token] = Int32(id)
        }
        guard let unknown = ids["[UNK]"], let classification = ids["[CLS]"], let separator = ids["[SEP]"] else {
            return nil
        }
        self.ids = ids
        self.unknown = unknown
        self.classification = classification
        self.separator = separator
        self.longestSequence = longestSequence
    }

    /// The token ids of `text`, `[CLS]` and `[SEP]` included.
    func tokenize(_ text: String) -> [Int32] {
        var tokens: [Int32] = [classification]
        let room = longestSequence - 1
        for word in Self.words(text) {
            appendPieces(of: word, to: &tokens)
            if tokens.count >= room { break }
        }
        if tokens.count > room { tokens.removeLast(tokens.count - room) }
        tokens.append(separator)
        return tokens
    }

    private func appendPieces(of word: [Unicode.Scalar], to tokens: inout [Int32]) {
        guard word.count <= Self.longestWord else {
            tokens.append(unknown)
            return
        }
        var pieces: [Int32] = []
        var start = 0
        while start < word.count {
            var end = word.count
            var found: Int32?
            while start < end {
                var piece = start > 0 ? "##" : ""
                piece.unicodeScalars.append(contentsOf: word[start..<end])
                if let id = ids[piece] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let found else {
                tokens.append(unknown)
                return
            }
            pieces.append(found)
            start = end
        }
        tokens += pieces
    }

    /// The normalised words of `text`, before WordPiece.
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var word: [Unicode.Scalar] = []
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = []
        }
        for scalar in text.unicodeScalars where !isDropped(scalar) {
            let ideograph = isCJKIdeograph(scalar)
            if ideograph { endWord() }
            for plain in Accents.stripped(scalar) {
                for lower in plain.properties.lowercaseMapping.unicodeScalars {
                    if lower.properties.isWhitespace {
                        endWord()
                    } else if isPunctuation(lower) {
                        endWord()
                        words.append([lower])
                    } else {
                        word.append(lower)
                    }
                }
            }
            if ideograph { endWord() }
        }
        endWord()
        return words
    }

    /// NUL, U+FFFD and the control, format, private-use and unassigned scalars other than tab,
    /// newline and carriage return.
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0, 0xFFFD: return true
        case 0x09, 0x0A, 0x0D: return false
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .privateUse, .unassigned, .surrogate: return true
            default: return false
            }
        }
    }

    /// ASCII punctuation (symbols such as `$`, `+` and `` ` `` included) and Unicode's.
    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 33...47, 58...64, 91...96, 123...126: return true
        default:
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default: return false
            }
        }
    }

    /// The CJK Unified and Compatibility Ideographs blocks BERT puts spaces around.
    private static func isCJKIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
            0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default: return false
        }
    }
}

/// Canonical decomposition without nonspacing marks, scalar by scalar.
enum Accents {
    private static let table: [UInt32: [Unicode.Scalar]] = Dictionary(
        uniqueKeysWithValues: AccentTable.entries.map { ($0.scalar, $0.plain) })

    static func stripped(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII { return [scalar] }
        if scalar.properties.generalCategory == .nonspacingMark { return [] }
        if let hangul = hangulJamo(scalar) { return hangul }
        return table[scalar.value] ?? [scalar]
    }

    /// A Hangul syllable's leading consonant, vowel and trailing consonant (Unicode 3.12).
    private static func hangulJamo(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        let index = Int(scalar.value) - 0xAC00
        guard index >= 0, index < 11172 else { return nil }
        var jamo = [
            Unicode.Scalar(UInt32(0x1100 + index / 588))!, Unicode.Scalar(UInt32(0x1161 + index % 588 / 28))!,
        ]
        if index % 28 != 0 { jamo.append(Unicode.Scalar(UInt32(0x11A7 + index % 28))!) }
        return jamo
    }
}
