/// Splits a command line into commands (on `;`) and words (on spaces), honouring
/// single quotes, double quotes and backslash escapes.
public enum CommandTokenizer {
    /// The words of each `;`-separated command; empty commands are dropped.
    public static func split(_ line: String) throws(UsageError) -> [[String]] {
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for c in line {
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
