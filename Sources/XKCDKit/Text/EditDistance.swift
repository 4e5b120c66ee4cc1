/// Edit distance between short sequences (optimal string alignment: Levenshtein's with two
/// neighbours swapped counting as one edit, the commonest typo): "did you mean" suggestions
/// for words, and whether two texts start alike.
enum EditDistance {
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
