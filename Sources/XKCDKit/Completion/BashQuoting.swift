/// Writes a word so bash reads it back unchanged: backslashes outside quotes, or the escapes
/// each kind of quote needs when the word being completed opened one.
enum BashQuoting {
    private static let special: Set<Character> = [
        " ", "\t", "\n", "!", "\"", "#", "$", "&", "'", "(", ")", "*", ";",
        "<", ">", "?", "[", "\\", "]", "`", "{", "|", "}", "~",
    ]

    /// `word` as typed after `quote` (nil: outside quotes), without the quote itself.
    static func quote(_ word: String, inside quote: Character?) -> String {
        var out = ""
        for c in word {
            switch quote {
            case "'":
                out += c == "'" ? "'\\''" : String(c)
            case "\"":
                if "$`\"\\".contains(c) { out.append("\\") }
                out.append(c)
            default:
                if special.contains(c) { out.append("\\") }
                out.append(c)
            }
        }
        return out
    }
}
