/// The text a comic is known by to the sentence encoder: its title, alt text, the opening of
/// explainxkcd's explanation (where one is stored) and its transcript, in that order, since the
/// encoder reads only the first few hundred words and a transcript may run longer than all
/// the rest.
enum MeaningText {
    /// The most characters of the explanation taken: its opening, which says what the comic is
    /// about; the rest is detail.
    static let explanationOpening = 600

    static func of(title: String, alt: String, transcript: String, explanation: String) -> String {
        [title, alt, opening(of: explanation), transcript].filter { !$0.isEmpty }.joined(separator: "\n")
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
}
