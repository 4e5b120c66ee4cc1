/// One comic's text as the search index holds it: repaired like the text shown, and without the
/// characters that mark highlights in search excerpts. The index keeps no copy of it: the view
/// `search_text` derives the same text from the stored comic and explanation with the
/// functions here, which are also SQL functions (``ComicStore/searchFunctions``). A change to
/// any of them changes what is indexed, and needs a migration that rebuilds the index.
struct SearchDocument: Sendable, Equatable {
    let num: Int
    package let title: String
    let alt: String
    /// xkcd's transcript when it is this comic's (see ``TranscriptOwner``), else the
    /// explanation's community transcript, else empty.
    private(set) var transcript: String
    /// The explanation's text, empty until one is stored.
    private(set) var explanation = ""

    init(_ comic: Comic) {
        num = comic.num
        title = Self.title(comic.title, safeTitle: comic.safeTitle)
        alt = Self.alt(comic.alt)
        transcript = Self.transcript(comic.transcript, alt: comic.alt, explanation: nil)
    }

    /// This document with the explanation `text` (if any).
    func explained(by text: ExplanationText?) -> SearchDocument {
        guard let text else { return self }
        var document = self
        if document.transcript.isEmpty { document.transcript = Self.clean(text.transcript) }
        document.explanation = Self.clean(text.explanation)
        return document
    }

    package static func title(_ title: String, safeTitle: String) -> String {
        clean(TextRepair.displayTitle(title: title, safeTitle: safeTitle))
    }

    static func alt(_ alt: String) -> String { clean(TextRepair.alt(alt)) }

    /// xkcd's transcript when it is the comic's, else the community one from the explanation
    /// whose source is `wikitext` (if any).
    static func transcript(_ transcript: String, alt: String, explanation wikitext: String?) -> String {
        let own = TranscriptOwner.belongs(transcript, alt: alt) ? clean(TextRepair.text(transcript)) : ""
        guard own.isEmpty, let wikitext else { return own }
        return clean(ExplanationText.transcript(of: wikitext))
    }

    /// The text of the explanation whose source is `wikitext`.
    static func explanation(_ wikitext: String) -> String { clean(ExplanationText.explanation(of: wikitext)) }

    /// `text` without the highlight markers, which must never come from the text itself.
    static func clean(_ text: String) -> String {
        // U+E000 and U+E001 are EE 80 80 and EE 80 81 in UTF-8; most text has no 0xEE byte at all.
        text.containsUTF8(0xEE) && text.unicodeScalars.contains { $0 == "\u{E000}" || $0 == "\u{E001}" }
            ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{E000}" && $0 != "\u{E001}" }))
            : text
    }
}
