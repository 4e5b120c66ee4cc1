/// A search query in its two forms: the words a command gives and the text search reads.
///
/// A query is text, however the shell grouped its words: `xkcd search "a whole sentence"` and
/// `xkcd search a whole sentence` are one query, as a shell user quotes a sentence to keep its
/// apostrophes and punctuation from the shell. A phrase is a phrase where the quotes are the
/// query's own: `xkcd search '"bobby tables"'` on argv, and at the prompt, in `-c` and in
/// scripts, where the line's quotes are the program's, `search "bobby tables"`.
enum QueryWords {
    /// The query text for `words`: argv as the shell split it, or a line's words as
    /// ``fromLine(_:)`` gives them.
    static func text(_ words: [String]) -> String {
        words.joined(separator: " ")
    }

    /// The words of a command line, for the command they begin: where it takes a query (its
    /// name is `search`, an alias, or `/words`), a word whose quotes held a space is a phrase
    /// and keeps them; elsewhere quotes only group words (`goto "Ballmer's Peak"`).
    static func fromLine(_ words: [LineWord]) -> [String] {
        guard let head = words.first?.text, head.hasPrefix("/") || CommandSpec.named(head)?.argument == .query
        else { return words.map(\.text) }
        return words.enumerated().map { index, word in
            guard index > 0 || head.hasPrefix("/"), word.quotesASpace, !word.text.contains("\"") else {
                return word.text
            }
            // `/"two words"`: the phrase is what follows the slash.
            return index == 0 ? "/\"\(word.text.dropFirst())\"" : "\"\(word.text)\""
        }
    }

    /// Words that give `text` back through ``text(_:)``: it split at the spaces outside
    /// double quotes, each phrase one word with its quotes.
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
        return words
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
