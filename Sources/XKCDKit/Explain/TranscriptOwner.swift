/// Whether xkcd's own transcript of a comic is really that comic's. Around #1609–#1677 the
/// archive's transcripts are shifted by a few comics; each ends with the title text of the
/// comic it describes (`{{Title text: …}}`), which tells where it belongs.
enum TranscriptOwner {
    /// Whether `transcript` (xkcd's, as served) describes the comic whose alt text is `alt`:
    /// not empty, and either without a title-text line or with one that starts much as `alt`
    /// does. Typos and small rewordings pass (at most 10 edits in the first 24 letters); the
    /// title text of another comic does not.
    static func belongs(_ transcript: String, alt: String) -> Bool {
        guard transcript.contains(where: { !$0.isWhitespace }) else { return false }
        guard let titleText = titleText(in: transcript) else { return true }
        let (told, own) = (letters(titleText), letters(alt))
        let compared = min(told.count, own.count)
        guard compared > 0 else { return true }
        let edits = EditDistance.between(Array(told.prefix(compared)), Array(own.prefix(compared)))
        return edits * letterCount <= maxEdits * compared
    }

    // How many letters are compared, and how many of them may differ.
    private static let letterCount = 24
    private static let maxEdits = 10

    // The notes that give the title text, lowercased.
    private static let openings = [
        "{{title text:", "{{title-text:", "{{titletext:", "{{alt:", "{{alt text:", "{{alt-text:",
    ]

    // The text of the last `{{Title text: …}}` (or `{{Alt: …}}`, any case) in `transcript`,
    // found in one pass back from the end over its bytes: every stored comic is indexed with
    // this on each sync. No opening holds a `{` past its `{{`, so the last `{{` that starts
    // one starts the last note.
    private static func titleText(in transcript: String) -> String? {
        let find = { (bytes: UnsafeBufferPointer<UInt8>) -> String? in
            var at = bytes.count - 1
            while at > 0 {
                defer { at -= 1 }
                guard bytes[at - 1] == UInt8(ascii: "{"), bytes[at] == UInt8(ascii: "{") else { continue }
                let rest = bytes[(at - 1)...]
                guard
                    let opening = openingBytes.first(where: { opening in
                        rest.count >= opening.count && zip(rest, opening).allSatisfy { ASCIICase.fold($0) == $1 }
                    })
                else { continue }
                let start = at - 1 + opening.count
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            return nil
        }
        return transcript.utf8.withContiguousStorageIfAvailable(find)
            ?? Array(transcript.utf8).withUnsafeBufferPointer(find)
    }

    private static let openingBytes = openings.map { Array($0.utf8) }

    // The first `count` letters and digits of `text` (entities decoded), lowercased: enough to
    // tell one alt text from another, and cheap, as every stored comic is indexed with this.
    private static func letters(_ text: String, count: Int = letterCount) -> [Unicode.Scalar] {
        let decoded = text.utf8.contains(UInt8(ascii: "&")) ? TextRepair.alt(text) : text
        var out: [Unicode.Scalar] = []
        for scalar in decoded.unicodeScalars where out.count < count {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
                    out.append(scalar)
                } else if (0x41...0x5A).contains(value) {
                    out.append(Unicode.Scalar(value + 32))
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                out += scalar.properties.lowercaseMapping.unicodeScalars
            }
        }
        return out
    }
}
