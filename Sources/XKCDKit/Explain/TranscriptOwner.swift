import Foundation

/// Whether xkcd's own transcript of a comic is really that comic's. Around #1609–#1677 the
/// archive's transcripts are shifted by a few comics; each ends with the title text of the
/// comic it describes (`{{Title text: …}}`), which tells where it belongs.
enum TranscriptOwner {
    /// Whether `transcript` (xkcd's, as served) describes the comic whose alt text is `alt`:
    /// not empty, and either without a title-text line or with one that starts as `alt` does.
    static func belongs(_ transcript: String, alt: String) -> Bool {
        guard transcript.contains(where: { !$0.isWhitespace }) else { return false }
        guard let titleText = titleText(in: transcript) else { return true }
        let (told, own) = (letters(titleText), letters(alt))
        let compared = min(24, told.count, own.count)
        return compared > 0 && told.prefix(compared) == own.prefix(compared)
    }

    // The text of the last `{{Title text: …}}` (or `{{Alt: …}}`, any case) in `transcript`.
    private static func titleText(in transcript: String) -> String? {
        let openings = ["{{title text:", "{{title-text:", "{{titletext:", "{{alt:", "{{alt text:", "{{alt-text:"]
        let found = openings.compactMap { transcript.range(of: $0, options: [.caseInsensitive, .backwards]) }
            .max { $0.lowerBound < $1.lowerBound }
        return found.map { String(transcript[$0.upperBound...].prefix { $0 != "}" }) }
    }

    private static func letters(_ text: String) -> [Character] {
        Array(TextRepair.alt(text).lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
