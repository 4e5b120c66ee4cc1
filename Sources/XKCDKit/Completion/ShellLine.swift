/// A shell command line up to the cursor, split into words the way the shell will run it:
/// whitespace separates words, and quotes and backslashes are removed. The last word is the
/// one being typed (empty after a space).
struct ShellLine: Equatable {
    /// The words, unquoted.
    var words: [String] = []
    /// The last word as typed, quotes and backslashes included.
    var lastTyped = ""
    /// The quote the last word is still inside, if any.
    var openQuote: Character?

    /// Splits `line` (bash's `COMP_LINE` up to `COMP_POINT`).
    init(_ line: String) {
        var word = ""
        var escaped = false
        for c in line {
            if escaped {
                // Inside double quotes a backslash escapes only these; before others it stays.
                if openQuote == "\"", !"$`\"\\\n".contains(c) { word.append("\\") }
                word.append(c)
                lastTyped.append(c)
                escaped = false
            } else if let quote = openQuote {
                lastTyped.append(c)
                if c == quote {
                    openQuote = nil
                } else if c == "\\", quote == "\"" {
                    escaped = true
                } else {
                    word.append(c)
                }
            } else if c == " " || c == "\t" || c == "\n" {
                if !lastTyped.isEmpty { words.append(word) }
                word = ""
                lastTyped = ""
            } else {
                lastTyped.append(c)
                if c == "\\" {
                    escaped = true
                } else if c == "\"" || c == "'" {
                    openQuote = c
                } else {
                    word.append(c)
                }
            }
        }
        words.append(word)
    }
}
