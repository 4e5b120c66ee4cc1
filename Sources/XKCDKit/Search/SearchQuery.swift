/// Turns what a user typed into an FTS5 query that FTS5 always accepts.
///
/// A plain query (no `"phrase"`, no `prefix*`, no operator) is read as people describe a
/// comic: its stopwords are dropped (unless it holds nothing else) and any of the other
/// words may match, so that bm25 puts the comics matching more of them first. Otherwise the
/// query keeps FTS5's meaning: balanced `"phrases"`, `prefix*` words, words that must all
/// match, and uppercase `AND`, `OR` and `NOT` where they stand between two terms. Every other
/// character (stray quotes, punctuation, an operator with nothing to join) only separates
/// words, and every word is quoted, so FTS5 never sees syntax it cannot parse.
package enum SearchQuery {
    /// The most words a query keeps, those of its phrases included: FTS5's time grows faster
    /// than the number of terms, and its memory with the words of a phrase.
    static let maxTerms = 64

    /// How many hits `search` shows unless told otherwise.
    package static let shown = 10

    /// Common English words that say nothing about which comic is meant.
    static let stopwords: Set<String> = [
        "a", "about", "after", "again", "all", "am", "an", "and", "any", "are", "as", "at", "be", "because",
        "been", "before", "being", "both", "but", "by", "can", "can't", "cannot", "could", "did", "do", "does",
        "doing", "don't", "down", "each", "for", "from", "get", "gets", "got", "had", "has", "have", "having",
        "he", "her", "here", "hers", "him", "his", "how", "i", "i'm", "if", "in", "into", "is", "it", "it's",
        "its", "just", "like", "me", "more", "most", "my", "no", "nor", "not", "of", "off", "on", "once", "one",
        "only", "or", "other", "our", "out", "over", "own", "same", "she", "so", "some", "such", "than", "that",
        "the", "their", "them", "then", "there", "these", "they", "this", "those", "through", "to", "too",
        "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
        "whom", "why", "will", "with", "would", "you", "your",
        // What is left of a contraction once its apostrophe separates words: it's, don't, I'd.
        "s", "t", "d", "ll", "m", "re", "ve",
    ]

    /// The FTS5 expression `text` is read as (see ``SearchQuery``), or nil when it holds no word
    /// to search for.
    package static func expression(_ text: String) -> String? {
        let tokens = self.tokens(text)
        let plain = isPlain(tokens)
        guard plain else { return ftsExpression(text) }
        let words: [String] = tokens.compactMap { token in
            guard case let .word(word) = token else { return nil }
            return word
        }
        let meaningful = words.filter { !stopwords.contains($0.lowercased()) }
        let kept = meaningful.isEmpty ? words : meaningful
        return kept.isEmpty ? nil : kept.map(quote).joined(separator: " OR ")
    }

    /// The words `text` searches for, lower-cased: a plain query's without its stopwords (unless
    /// it holds nothing else), or every word of one with phrases, prefixes or operators.
    package static func words(_ text: String) -> [String] { words(of: tokens(text)) }

    /// ``words(_:)`` of the query whose ``tokens(_:)`` are `tokens`.
    static func words(of tokens: [Token]) -> [String] {
        var words: [String] = []
        var plain = true
        for token in tokens {
            switch token {
            case let .word(word): words.append(word.lowercased())
            case .prefix, .operator: plain = false
            case let .phrase(phrase):
                plain = false
                words += phrase.split(separator: " ").map { $0.lowercased() }
            }
        }
        let meaningful = words.filter { !stopwords.contains($0) }
        return plain && !meaningful.isEmpty ? meaningful : words
    }

    /// Of `words` (a query's ``words(_:)``), those a hit holds, in order and once each, where
    /// bit i of `held` says whether it holds `phrases[i]` (the query's ``phrases(_:)``).
    static func terms(_ words: [String], of phrases: [[String]], held: UInt64) -> [String] {
        var terms: Set<String> = []
        for (index, phrase) in phrases.enumerated() where index < 63 && held & (1 << UInt64(index)) != 0 {
            terms.formUnion(phrase)
        }
        return words.reduce(into: []) { kept, word in
            if terms.contains(word) && !kept.contains(word) { kept.append(word) }
        }
    }

    /// The phrases of ``expression(_:)`` for `text`, in order, each as the words of `text` it
    /// stands for (as ``words(_:)`` gives them; a prefix stands for none).
    static func phrases(_ text: String) -> [[String]] { phrases(of: tokens(text)) }

    /// ``phrases(_:)`` of the query whose ``tokens(_:)`` are `tokens`.
    static func phrases(of tokens: [Token]) -> [[String]] {
        if isPlain(tokens) { return words(of: tokens).map { [$0] } }
        return tokens.compactMap { token in
            switch token {
            case let .word(word): [word.lowercased()]
            case .prefix: []
            case let .phrase(phrase): phrase.split(separator: " ").map { $0.lowercased() }
            case .operator: nil
            }
        }
    }

    /// One piece of a query.
    enum Token: Equatable {
        case word(String)
        case prefix(String)
        case phrase(String)
        case `operator`(String)
    }

    /// The query's terms and the operators that stand between two of them; an operator that
    /// does not is a word like any other.
    static func tokens(_ text: String) -> [Token] {
        var raw: [Token] = []
        let scalars = Array(text.unicodeScalars)
        let quotes = scalars.indices.filter { scalars[$0] == "\"" }
        var nextQuote = 0
        var kept = 0
        var i = 0
        while i < scalars.count, kept < maxTerms {
            let c = scalars[i]
            while nextQuote < quotes.count, quotes[nextQuote] <= i { nextQuote += 1 }
            if c == "\"", nextQuote < quotes.count {
                let end = quotes[nextQuote]
                let words = self.words(in: scalars[(i + 1)..<end], upTo: maxTerms - kept)
                if !words.isEmpty { raw.append(.phrase(words.joined(separator: " "))) }
                kept += words.count
                i = end + 1
                continue
            }
            if isWordScalar(c) {
                var j = i
                while j < scalars.count, isWordScalar(scalars[j]) { j += 1 }
                var word = String.UnicodeScalarView()
                word.append(contentsOf: scalars[i..<j])
                let prefix = j < scalars.count && scalars[j] == "*"
                let text = String(word)
                raw.append(
                    prefix ? .prefix(text) : ["AND", "OR", "NOT"].contains(text) ? .operator(text) : .word(text))
                kept += 1
                i = prefix ? j + 1 : j
                continue
            }
            i += 1
        }
        return raw.indices.map { index in
            guard case let .operator(name) = raw[index] else { return raw[index] }
            let joinsTwo = index > 0 && index + 1 < raw.count && isTerm(raw[index - 1]) && isTerm(raw[index + 1])
            return joinsTwo ? raw[index] : .word(name)
        }
    }

    /// Whether a query is words only: no phrase, prefix or operator.
    static func isPlain(_ tokens: [Token]) -> Bool {
        !tokens.contains { token in
            if case .word = token { return false }
            return true
        }
    }

    private static func isTerm(_ token: Token) -> Bool {
        if case .operator = token { return false }
        return true
    }

    /// The FTS5 expression for `text` read with FTS5's meaning (its first ``maxTerms`` terms),
    /// or nil when it holds no word to search for.
    package static func ftsExpression(_ text: String) -> String? {
        let parts = tokens(text).map { token in
            switch token {
            case let .word(word): quote(word)
            case let .prefix(word): quote(word) + "*"
            case let .phrase(phrase): quote(phrase)
            case let .operator(name): name
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The words of `scalars`, the first `limit` of them.
    static func words(in scalars: ArraySlice<Unicode.Scalar>, upTo limit: Int = .max) -> [String] {
        var out: [String] = []
        var current = String.UnicodeScalarView()
        for c in scalars {
            if isWordScalar(c) {
                current.append(c)
            } else if !current.isEmpty {
                out.append(String(current))
                current = String.UnicodeScalarView()
                if out.count == limit { return out }
            }
        }
        if !current.isEmpty { out.append(String(current)) }
        return out
    }

    // Letters, digits and marks make words, as FTS5's unicode61 tokenizer sees them.
    static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        let p = c.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
            || p.generalCategory == .spacingMark
    }

    static func quote(_ term: String) -> String {
        "\"" + term.replacingEvery("\"", with: "\"\"") + "\""
    }
}

/// A field of the search index, in rank order: a match in the title counts most, one in the
/// explanation least.
package enum SearchField: String, Sendable, CaseIterable {
    /// The comic's title.
    case title
    /// Its alt (title) text.
    case alt
    /// Its transcript: xkcd's own, or explainxkcd's community transcript.
    case transcript
    /// Its explainxkcd explanation.
    case explanation

    /// Its column in the index.
    var column: Int {
        switch self {
        case .title: 0
        case .alt: 1
        case .transcript: 2
        case .explanation: 3
        }
    }

    /// How much a match in it weighs in the ranking (bm25).
    var weight: Double {
        switch self {
        case .title: 10
        case .alt: 3
        case .transcript: 1.5
        case .explanation: 1
        }
    }
}

/// One search result.
package struct SearchHit: Sendable, Equatable {
    /// The comic's number.
    package var num: Int
    /// Its display title.
    package var title: String
    /// A short excerpt; matched words are between ``SearchHit/highlightStart`` and ``SearchHit/highlightEnd``.
    var snippet: String

    /// Marks the start of a matched word in ``snippet``.
    static let highlightStart: Character = "\u{E000}"
    /// Marks the end of a matched word in ``snippet``.
    static let highlightEnd: Character = "\u{E001}"

    /// The field the excerpt comes from: the first, in rank order, that holds a match.
    package var matched: SearchField

    /// The words of the query the comic holds, in the query's order.
    var terms: [String]

    /// Bit i set when the comic holds phrase i of the FTS5 expression it was found by (see
    /// ``SearchQuery/terms(of:held:)``).
    var heldPhrases: UInt64 = 0

    /// Whether the words ranking put it first for its title (``SearchRanking``).
    var titled = false

    /// Whether search by meaning found it among the comics closest to the query.
    var closeInMeaning = false

    /// Whether the query's words found it (else meaning alone did, and ``matched`` says nothing).
    var foundByWords = true

    /// Creates a hit.
    init(num: Int, title: String, snippet: String, matched: SearchField = .title, terms: [String] = []) {
        self.num = num
        self.title = title
        self.snippet = snippet
        self.matched = matched
        self.terms = terms
    }
}
