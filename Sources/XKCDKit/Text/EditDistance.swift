/// Edit distance between short sequences (optimal string alignment: Levenshtein's with two
/// neighbours swapped counting as one edit, the commonest typo): "did you mean" suggestions
/// for words, and whether two texts start alike.
enum EditDistance {
    /// The one "did you mean" of commands and options: the candidate closest to `word`, one it
    /// starts (from two letters) or one a few edits away (one for names up to five letters,
    /// two beyond); the first of equals, nil when none is near.
    static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.count <= 20 else { return nil }
        var best: (name: String, score: Int)?
        for candidate in candidates where candidate.count > 1 {
            let score = candidate.hasPrefix(word) && word.count >= 2 ? 0 : between(word, candidate)
            if score <= max(1, min(2, candidate.count / 3)), score < (best?.score ?? .max) { best = (candidate, score) }
        }
        return best?.name
    }

    /// The edits (insertions, deletions, substitutions, swaps of neighbours) that turn word `a`
    /// into word `b`.
    static func between(_ a: String, _ b: String) -> Int {
        between(Array(a), Array(b))
    }

    /// The edits that turn `a` into `b`.
    static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
