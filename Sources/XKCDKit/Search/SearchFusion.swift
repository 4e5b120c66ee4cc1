/// The one ranking `search --by` asks for.
package enum SearchBy: String, Sendable, CaseIterable {
    /// The words of the query, as the search index finds them.
    case words
    /// Closeness in meaning, as the sentence encoder sees it.
    case meaning
}

/// The rankings a search goes by.
enum SearchMethod: Sendable, Equatable {
    /// The words ranking alone.
    case words
    /// The meaning ranking alone.
    case meaning
    /// Both, fused.
    case fused
}

/// How a plain query's two rankings, by words and by meaning, become one (reciprocal rank
/// fusion): a comic scores `weight / (k + rank)` in each ranking it is in, and the scores add
/// up. The comics the words ranking puts first for the title typed (``SearchRanking``) stay
/// first, in its order.
enum SearchFusion {
    /// How much a ranking's top places outweigh its lower ones: the lower, the more.
    static let k = 20.0
    /// The meaning ranking's weight beside the words ranking's 1.
    static let meaningWeight = 1.5

    /// A comic of the fused ranking and the rankings that found it.
    struct Entry: Sendable, Equatable {
        let num: Int
        let byWords: Bool
        let byMeaning: Bool
    }

    /// `words` (best first, its first `pinned` the titles typed) and `meaning` (nearest first)
    /// as one ranking, best first; equal scores in number order.
    static func fuse(words: [Int], pinned: Int, meaning: [Int]) -> [Entry] {
        let meaningRank = Dictionary(meaning.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: min)
        let wordsRank = Dictionary(words.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: min)
        let first = words.prefix(pinned).map {
            Entry(num: $0, byWords: true, byMeaning: meaningRank[$0] != nil)
        }
        let firstNums = Set(first.map(\.num))
        var scores: [Int: Double] = [:]
        for (num, rank) in wordsRank where !firstNums.contains(num) && rank > pinned {
            scores[num, default: 0] += 1 / (k + Double(rank - pinned))
        }
        for (num, rank) in meaningRank where !firstNums.contains(num) {
            scores[num, default: 0] += meaningWeight / (k + Double(rank))
        }
        let rest = scores.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            Entry(num: $0.key, byWords: wordsRank[$0.key] != nil, byMeaning: meaningRank[$0.key] != nil)
        }
        return first + rest
    }
}
