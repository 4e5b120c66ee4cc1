import Foundation

/// Finds comics by title: an exact (case- and accent-insensitive) match, else every title
/// that starts with the query.
public enum TitleMatcher {
    /// The matches for `query` among `titles`, in number order.
    public static func matches(_ query: String, in titles: [(num: Int, title: String)]) -> [(num: Int, title: String)] {
        let key = fold(query)
        guard !key.isEmpty else { return [] }
        let exact = titles.filter { fold($0.title) == key }
        if !exact.isEmpty { return exact }
        return titles.filter { fold($0.title).hasPrefix(key) }
    }

    /// The comparison form: sanitized, case- and diacritic-folded, spaces collapsed.
    public static func fold(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, multiline: false)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(separator: " ").joined(separator: " ")
    }
}
