/// The one ranking `search --by` asks for.
package enum SearchBy: String, Sendable, CaseIterable {
    /// The words of the query, as the search index finds them.
    case words
    /// Closeness in meaning, as the sentence encoder sees it.
    case meaning
}

/// The options a search ran with, which the command that shows more of its hits repeats.
package struct SearchOptions: Sendable, Equatable {
    /// `--exact`: the words as typed.
    var exact = false
    /// `--by`: one ranking alone.
    var by: SearchBy?

    /// The options as typed on a command line.
    var flags: [String] { (exact ? ["--exact"] : []) + (by.map { ["--by", $0.rawValue] } ?? []) }
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
/// fusion, weighted): a comic scores `weight / (k + rank)` in each ranking it is in, and the
/// scores add up. By meaning the weight is ``meaningWeight``; by words it is the square of the
/// share of the query's words the comic holds, since a sentence searched by its words matches
/// many comics by a word or two, and those say little, even when no comic holds more. The comics
/// the words ranking puts first for the title typed (``SearchRanking``) stay first, in its order.
/// For one or two words, searched as keywords, the comics holding them all come next, in the
/// words ranking's order. Only the best ``fusedWords`` words hits are fused, whatever a page
/// asks for, so that the ranking is one from the first page to the last; the words hits below
/// them follow in their order. Of the comics nearest in meaning, only those nearly as close as
/// the nearest count (``close(_:)``).
enum SearchFusion {
    /// How many of the best words hits are fused with the meaning ranking.
    static let fusedWords = 50
    /// How much a ranking's top places outweigh its lower ones: the lower, the more.
    static let k = 10.0
    /// The meaning ranking's weight beside a words hit's that holds every word searched.
    static let meaningWeight = 2.0
    /// The least cosine similarity at which a comic counts as close in meaning to a query.
    static let closeInMeaning: Float = 0.25
    /// The least share of the nearest comic's similarity another needs to count as close too:
    /// far below the nearest, a comic is close to nothing in particular the query says.
    static let shareOfNearest: Float = 0.8

    /// Of `nearest` (nearest first), the comics that count as close in meaning.
    static func close(_ nearest: [(num: Int, similarity: Float)]) -> [Int] {
        let least = max(closeInMeaning, shareOfNearest * (nearest.first?.similarity ?? 0))
        return nearest.prefix { $0.similarity >= least }.map(\.num)
    }

    /// A comic of the fused ranking and the rankings that found it.
    struct Entry: Sendable, Equatable {
        let num: Int
        let byWords: Bool
        let byMeaning: Bool
    }

    /// `words` (best first, each with how many of the `searched` words of the query it holds;
    /// its first `pinned` the titles typed) and `meaning` (nearest first) as one ranking, best
    /// first; equal scores in number order. `keywords`: the query is one or two words.
    static func fuse(
        words all: [(num: Int, held: Int)], searched: Int, pinned: Int, keywords: Bool, meaning: [Int]
    ) -> [Entry] {
        let words = all.prefix(fusedWords)
        let holdingAll = keywords ? words.dropFirst(pinned).filter { $0.held >= searched } : []
        let meaningRank = Dictionary(meaning.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: min)
        let wordsRank = Dictionary(words.enumerated().map { ($1.num, $0 + 1) }, uniquingKeysWith: min)
        let first = (words.prefix(pinned) + holdingAll).map {
            Entry(num: $0.num, byWords: true, byMeaning: meaningRank[$0.num] != nil)
        }
        let firstNums = Set(first.map(\.num))
        let searched = Double(max(searched, words.map(\.held).max() ?? 1, 1))
        var scores: [Int: Double] = [:]
        for (place, hit) in words.enumerated().dropFirst(pinned) where !firstNums.contains(hit.num) {
            let share = Double(hit.held) / searched
            scores[hit.num, default: 0] += share * share / (k + Double(place + 1 - pinned))
        }
        for (num, rank) in meaningRank where !firstNums.contains(num) {
            scores[num, default: 0] += meaningWeight / (k + Double(rank))
        }
        let rest = scores.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            Entry(num: $0.key, byWords: wordsRank[$0.key] != nil, byMeaning: meaningRank[$0.key] != nil)
        }
        let fused = first + rest
        let fusedNums = Set(fused.map(\.num))
        return fused
            + all.dropFirst(fusedWords).filter { !fusedNums.contains($0.num) }.map {
                Entry(num: $0.num, byWords: true, byMeaning: false)
            }
    }
}
