/// One comic's text as the search index holds it: repaired like the text shown, and without
/// the characters that mark highlights in search excerpts.
struct SearchDocument: Sendable, Equatable {
    let num: Int
    let title: String
    let alt: String
    let transcript: String

    init(_ comic: Comic) {
        num = comic.num
        title = Self.clean(TextRepair.displayTitle(title: comic.title, safeTitle: comic.safeTitle))
        alt = Self.clean(TextRepair.alt(comic.alt))
        transcript = Self.clean(TextRepair.text(comic.transcript))
    }

    // The highlight markers must never come from the text itself.
    private static func clean(_ text: String) -> String {
        // U+E000 and U+E001 are EE 80 80 and EE 80 81 in UTF-8; most text has no 0xEE byte at all.
        text.containsUTF8(0xEE) && text.unicodeScalars.contains { $0 == "\u{E000}" || $0 == "\u{E001}" }
            ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{E000}" && $0 != "\u{E001}" }))
            : text
    }
}
