/// A search query in its two forms: the words a command gives (argv as the shell split it,
/// or a line's words once ``CommandTokenizer`` has read its quotes) and the text search reads.
///
/// A word that holds a space was quoted by whoever typed it, in the shell or at the prompt, so
/// it is a phrase: `xkcd search 'make me a sandwich'`, `search "make me a sandwich"` at the
/// prompt, in `-c` and in scripts all search for the phrase, while `search make me a sandwich`
/// looks for any of the words. A word that holds a double quote already says what it means
/// (`xkcd search '"make me" sandwich'`) and is kept as it is.
enum QueryWords {
    /// The query text for `words`.
    static func text(_ words: [String]) -> String {
        words.map { word in
            word.contains(where: \.isWhitespace) && !word.contains("\"") ? "\"\(word)\"" : word
        }.joined(separator: " ")
    }

    /// Words that give `text` back through ``text(_:)``: it split at the spaces outside
    /// double quotes, a quoted phrase unquoted again.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inPhrase = false
        let characters = Array(text)
        for (index, c) in characters.enumerated() {
            if c == "\"" {
                // A quote opens a phrase only where another closes it, as search reads it.
                if inPhrase || characters[(index + 1)...].contains("\"") { inPhrase.toggle() }
                word.append(c)
            } else if c.isWhitespace && !inPhrase {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.map { word in
            let inner = word.dropFirst().dropLast()
            let isPhrase =
                word.count > 2 && word.first == "\"" && word.last == "\""
                && inner.contains(where: \.isWhitespace) && !inner.contains("\"")
            return isPhrase ? String(inner) : word
        }
    }

    /// `words` as a shell reads them back, and the prompt too (its quotes are the shell's):
    /// each quoted where it holds anything but letters, digits and harmless punctuation.
    static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:,+=@%^".contains($0) }
        if plain { return word }
        // Double quotes read best; within them the shell still expands $, ` and \, and bash's
        // history !, so a word holding one of those takes single quotes.
        if !word.contains(where: { "\"$`\\!".contains($0) }) { return "\"\(word)\"" }
        return "'" + word.replacingEvery("'", with: "'\\''") + "'"
    }
}
