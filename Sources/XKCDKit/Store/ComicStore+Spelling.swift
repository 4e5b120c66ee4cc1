extension ComicStore {
    /// The search index's vocabulary by field: each term, each field that holds it, and how
    /// many comics hold it there. A view over the index made for the connection that reads it,
    /// which stores nothing.
    static let searchVocabularyTable =
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.comic_fts_terms USING fts5vocab(main, comic_fts, col)"

    /// For each of `words` (lower-case) that no stored comic holds and that
    /// ``SpellingCorrection/isCorrectable(_:)``, the first ``SpellingCorrection/mostWords`` of
    /// them, the indexed terms that start with its letter and are within
    /// ``SpellingCorrection/allowedEdits(for:)`` letters of its length, to choose its correction
    /// from. Words some comic holds are left out.
    func spellingCandidates(for words: [String]) throws -> [String: [SpellingCorrection.Candidate]] {
        try read { db in
            try db.execute(Self.searchVocabularyTable)
            let exists = try db.cached("SELECT 1 FROM comic_fts_terms WHERE term = ? LIMIT 1")
            let near = try db.cached(
                """
                SELECT term, max(doc) AS comics, max(col = 'title') AS in_title FROM comic_fts_terms
                WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?
                GROUP BY term
                """)
            var found: [String: [SpellingCorrection.Candidate]] = [:]
            var seen: Set<String> = []
            for word in words where SpellingCorrection.isCorrectable(word) && seen.insert(word).inserted {
                if found.count == SpellingCorrection.mostWords { break }
                guard try exists.value([word], as: Int.self) == nil, let first = word.unicodeScalars.first,
                    let next = Unicode.Scalar(first.value + 1)
                else { continue }
                let allowed = SpellingCorrection.allowedEdits(for: word)
                found[word] = try near.rows([String(first), String(next), word.count - allowed, word.count + allowed]) {
                    row in
                    SpellingCorrection.Candidate(
                        term: row["term"], comics: row["comics"], inTitle: (row["in_title"] as Int) != 0)
                }
            }
            return found
        }
    }
}
