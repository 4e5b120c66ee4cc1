/// One comic's own text as the search index holds it: repaired like the text shown, and
/// without the characters that mark highlights in search excerpts. Its explanation joins it
/// when it is indexed.
struct SearchDocument: Sendable, Equatable {
    let num: Int
    let title: String
    let alt: String
    /// xkcd's transcript when it is this comic's (see ``TranscriptOwner``), else empty.
    let transcript: String

    init(_ comic: Comic) {
        num = comic.num
        title = Self.clean(TextRepair.displayTitle(title: comic.title, safeTitle: comic.safeTitle))
        alt = Self.clean(TextRepair.alt(comic.alt))
        transcript =
            TranscriptOwner.belongs(comic.transcript, alt: comic.alt)
            ? Self.clean(TextRepair.text(comic.transcript)) : ""
    }

    /// `text` without the highlight markers, which must never come from the text itself.
    static func clean(_ text: String) -> String {
        // U+E000 and U+E001 are EE 80 80 and EE 80 81 in UTF-8; most text has no 0xEE byte at all.
        text.containsUTF8(0xEE) && text.unicodeScalars.contains { $0 == "\u{E000}" || $0 == "\u{E001}" }
            ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{E000}" && $0 != "\u{E001}" }))
            : text
    }
}
