/// What `search` does about a misspelt query, as pure decisions: which indexed term a word no
/// comic holds is corrected to, the query those corrections make, and whether the corrected
/// query's hits are shown instead of the typed one's.
///
/// Only words no stored comic holds are corrected: a word some comic holds may be a name or a
/// rare word meant as typed. A word is corrected to an indexed term a few edits away (one for
/// words of three or four letters, two beyond; shorter words are left alone) that starts with
/// the same letter: the fewest edits first, then a word of some comic's title, then the word
/// more comics hold. Words of phrases are corrected inside their quotes; a `prefix*`, an
/// operator and every other character stay as typed.
enum SpellingCorrection {
    /// An indexed term near a word, as the store finds it.
    struct Candidate: Sendable, Equatable {
        /// The term, lower-case.
        var term: String
        /// How many comics hold it.
        var comics: Int
        /// Whether some comic's title holds it.
        var inTitle: Bool

    }

    /// The most words of a query corrected: each costs a walk over the index's terms with its
    /// first letter, and a query of many unknown words is no typo.
    static let mostWords = 8

    /// The query as typed finds "next to nothing" below this many comics.
    static let fewHits = 3

    /// The most edits a correction of `word` may be away from it; 0 when it is too short to
    /// correct.
    static func allowedEdits(for word: String) -> Int {
        switch word.count {
        case ..<3: 0
        case 3...4: 1
        default: 2
        }
    }

    /// Whether `word` is one a correction is looked for: long enough, and ASCII (the index
    /// folds diacritics, so an accented word would be near every spelling of itself).
    static func isCorrectable(_ word: String) -> Bool {
        allowedEdits(for: word) > 0 && word.count <= 40 && word.allSatisfy(\.isASCII)
    }

    /// The correction of `word` among `candidates` (see ``SpellingCorrection``), or nil when
    /// none is near enough.
    static func best(for word: String, among candidates: [Candidate]) -> String? {
        let allowed = allowedEdits(for: word)
        guard allowed > 0, isCorrectable(word) else { return nil }
        // An ASCII word: its bytes are its letters, and a term with other letters is no nearer.
        let letters = Array(word.utf8)
        var best: (candidate: Candidate, edits: Int)?
        for candidate in candidates {
            let term = Array(candidate.term.utf8)
            guard term != letters, term.first == letters.first, abs(term.count - letters.count) <= allowed else {
                continue
            }
            let edits = EditDistance.between(letters, term)
            guard edits <= allowed else { continue }
            if let current = best, !isBetter(candidate, edits, than: current.candidate, current.edits) { continue }
            best = (candidate, edits)
        }
        return best?.candidate.term
    }

    // Fewer edits, then a title's word, then the commoner, then the first in alphabetical order.
    private static func isBetter(_ a: Candidate, _ aEdits: Int, than b: Candidate, _ bEdits: Int) -> Bool {
        if aEdits != bEdits { return aEdits < bEdits }
        if a.inTitle != b.inTitle { return a.inTitle }
        if a.comics != b.comics { return a.comics > b.comics }
        return a.term < b.term
    }

    /// `text` with each word that `corrections` maps (by its lower-case form) replaced by its
    /// correction; a word before `*` (a prefix), and everything between words, as typed. Nil
    /// when nothing changes.
    static func corrected(_ text: String, with corrections: [String: String]) -> String? {
        guard !corrections.isEmpty else { return nil }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var i = 0
        while i < scalars.count {
            guard SearchQuery.isWordScalar(scalars[i]) else {
                out.append(scalars[i])
                i += 1
                continue
            }
            var j = i
            while j < scalars.count, SearchQuery.isWordScalar(scalars[j]) { j += 1 }
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[i..<j])
            let isPrefix = j < scalars.count && scalars[j] == "*"
            if !isPrefix, let correction = corrections[String(word).lowercased()] {
                out.append(contentsOf: correction.unicodeScalars)
                changed = true
            } else {
                out.append(contentsOf: word)
            }
            i = j
        }
        return changed ? String(out) : nil
    }

    /// Whether the corrected query's `corrected` hits are shown instead of the `typed` ones:
    /// when the query as typed finds next to nothing (fewer than ``fewHits``) and the corrected
    /// one finds clearly more (at least three times as many, and one at the least).
    static func showsCorrection(typed: Int, corrected: Int) -> Bool {
        typed < fewHits && corrected > 0 && corrected >= typed * 3
    }
}

/// What a search did about its query's spelling.
package enum SearchSpelling: Sendable, Equatable {
    /// The hits are the query's as typed, and no correction is offered.
    case asTyped
    /// The hits are those of this corrected query: the one typed, `asTyped` (whole, where the
    /// outcome's query may be cut short), found next to nothing.
    case corrected(String, asTyped: String)
    /// The hits are the query's as typed; this corrected query is offered.
    case suggested(String)
}
