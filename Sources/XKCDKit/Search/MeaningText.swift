/// The texts a comic is known by to the sentence encoder, each made into a vector of its own:
/// first its title, alt text and the opening of explainxkcd's explanation (where one is
/// stored), then its transcript in windows of a few lines each, without the brackets around
/// what the panels show, the speakers' names and the copy of the alt text. The encoder reads
/// only the first few hundred words of a text, and a comic is as close to a query as the
/// closest of its texts: a long transcript is read whole (but for the end of a line too long for
/// the encoder alone, which is never split), and a scene described in it is found.
enum MeaningText {
    /// The most characters of the explanation taken: its opening, which says what the comic is
    /// about, about as much as the encoder reads with the title and alt text. Chosen by
    /// `scripts/measure-meaning-texts.py` on explainxkcd's real pages and the description sets:
    /// more of the explanation, as further texts, found no more comics for twice the encoding.
    static let explanationOpening = 1200
    /// About the most words a transcript window holds: what the encoder reads whole, with room
    /// to spare for words it splits in several tokens.
    static let windowWords = 150

    static func parts(title: String, alt: String, transcript: String, explanation: String) -> [String] {
        let first = [title, alt, opening(of: explanation)].filter { !$0.isEmpty }.joined(separator: "\n")
        return [first] + windows(of: spoken(transcript))
    }

    /// The first sentences of `text` up to about ``explanationOpening`` characters, ending at a
    /// sentence's end where one is near.
    static func opening(of text: String) -> String {
        guard text.count > explanationOpening else { return text }
        let cut = text.prefix(explanationOpening)
        guard let end = cut.lastIndex(where: { $0 == "." || $0 == "!" || $0 == "?" }),
            cut.distance(from: cut.startIndex, to: end) > explanationOpening / 2
        else { return String(cut) }
        return String(cut[...end])
    }

    /// `transcript`'s lines as they read: `{{…}}` (the alt text again) left out, the brackets of
    /// `[[…]]` (what a panel shows) dropped with their words kept, and a speaker's name at the
    /// start of a line left out.
    static func spoken(_ transcript: String) -> [String] {
        var text = ""
        var rest = transcript[...]
        while let open = rest.firstRange(of: "{{") {
            text += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                rest = rest[rest.endIndex...]
                break
            }
            rest = rest[close.upperBound...]
        }
        text += rest
        return text.split(separator: "\n").compactMap { line in
            let shown = String(line).replacing("[[", with: "").replacing("]]", with: "")
            let trimmed = withoutSpeaker(shown[...]).trimmingSpaces()
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    // `line` without a speaker's name before a colon at its start: a capital, then at most 30
    // letters, digits, spaces and `.'#-`.
    private static func withoutSpeaker(_ line: Substring) -> Substring {
        let start = line.drop { $0 == " " }
        guard let first = start.first, first.isUppercase, let colon = start.firstIndex(of: ":"),
            start.distance(from: start.startIndex, to: colon) <= 31,
            start[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || " .'#-_".contains($0) })
        else { return line }
        return start[start.index(after: colon)...]
    }

    /// `lines` in windows of about ``windowWords`` words, a line never split.
    static func windows(of lines: [String]) -> [String] {
        var windows: [String] = []
        var current: [String] = []
        var words = 0
        for line in lines {
            let count = line.split(separator: " ").count
            if !current.isEmpty, words + count > windowWords {
                windows.append(current.joined(separator: "\n"))
                current = []
                words = 0
            }
            current.append(line)
            words += count
        }
        if !current.isEmpty { windows.append(current.joined(separator: "\n")) }
        return windows
    }
}
