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

    // What follows `{{` in the notes that give the title text, lowercased.
    private static let openings = ["title text:", "title-text:", "titletext:", "alt:", "alt text:", "alt-text:"].map {
        Array($0.utf8)
    }

    // The text of the last `{{Title text: …}}` (or `{{Alt: …}}`, any case) in `transcript`,
    // found byte by byte: every stored comic is indexed with this on each sync.
    private static func titleText(in transcript: String) -> String? {
        let bytes = Array(transcript.utf8)
        var index = bytes.count - 2
        while index >= 0 {
            defer { index -= 1 }
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else { continue }
            let rest = bytes[(index + 2)...]
            guard
                let opening = openings.first(where: { opening in
                    rest.count >= opening.count && zip(rest, opening).allSatisfy { lowercased($0) == $1 }
                })
            else { continue }
            let start = index + 2 + opening.count
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func letters(_ text: String) -> [Character] {
        Array(TextRepair.alt(text).lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
