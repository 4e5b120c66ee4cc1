/// Splits a command line into commands (on `;`) and words (on spaces), honouring
/// single quotes, double quotes and backslash escapes. An apostrophe between two letters is
/// one (`search can't sleep`, `goto Ballmer's Peak`), not a quote.
package enum CommandTokenizer {
    /// Whether a script line is a comment: its first word starts with `#` and is not a comic
    /// number (`#353` goes to that comic; `# 353`, `#!/usr/bin/env xkcd` and `#note` are comments).
    package static func isComment(_ line: String) -> Bool {
        let text = line.drop { $0.isWhitespace }
        guard text.hasPrefix("#") else { return false }
        let word = String(text.prefix { !$0.isWhitespace && $0 != ";" })
        return !ComicNumberWord.looksNumeric(word)
    }

    /// The words of each `;`-separated command; empty commands are dropped.
    package static func split(_ line: String) throws(UsageError) -> [[String]] {
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        let characters = Array(line)
        for (i, c) in characters.enumerated() {
            if escaped {
                word.append(c)
                escaped = false
                continue
            }
            if let q = quote {
                if c == q {
                    quote = nil
                } else if c == "\\" && q == "\"" {
                    escaped = true
                } else {
                    word.append(c)
                }
                continue
            }
            switch c {
            case "\\":
                escaped = true
                inWord = true
            case "'" where word.last?.isLetter == true && i + 1 < characters.count && characters[i + 1].isLetter:
                word.append(c)
            case "\"", "'":
                quote = c
                inWord = true
            case ";":
                if inWord { words.append(word) }
                if !words.isEmpty { commands.append(words) }
                words = []
                word = ""
                inWord = false
            case _ where c.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(c)
                inWord = true
            }
        }
        if quote != nil { throw UsageError("unterminated quote — close it with \(quote.map(String.init) ?? "")") }
        if escaped { word.append("\\") }
        if inWord { words.append(word) }
        if !words.isEmpty { commands.append(words) }
        return commands
    }
}
