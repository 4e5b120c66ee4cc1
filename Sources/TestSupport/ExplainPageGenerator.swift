import Foundation

/// Writes a made-up but realistic explainxkcd page for a comic, so a whole archive can be
/// served by the explainxkcd APIs.
///
/// A page is 3 to 8 KB of wikitext shaped like explainxkcd's: the `{{comic}}` header
/// (number, `Month D, YYYY` date, display title, image file name, title text),
/// `==Explanation==` (an `{{incomplete|…}}` line first on every 10th comic) with several
/// paragraphs of ``ExplainVocabulary`` prose and one on the title text, `==Transcript==`,
/// `{{comic discussion}}` and category lines. The transcript is xkcd's own when the JSON has
/// one: each line prefixed with `:`, its `[[scene]]` brackets made explainxkcd's `[scene]`, the
/// `{{Title text: …}}` line left out, and cut at a line end after 4,500 bytes; otherwise a few
/// generated `:[scene]` and `:Cueball: …` lines. The display title is the JSON's `title` with
/// HTML entities decoded, or its `safe_title` when `title` holds markup (#472's `<span>`).
///
/// Pure and deterministic: the page depends only on the number, the JSON and the vocabulary.
package enum ExplainPageGenerator {
    /// The longest xkcd transcript kept, in UTF-8 bytes, so pages stay within 8 KB.
    static let transcriptLimit = 4500

    private static let categories = [
        "Math", "Physics", "Computers", "Charts", "Language", "Science", "Astronomy", "Programming",
        "Comics with color", "Social networking", "Romance",
    ]

    /// Comic `num`'s page: its display title (what follows `N: ` in the page title) and wikitext.
    package static func page(for num: Int, comicJSON: Data, vocabulary: ExplainVocabulary) -> (
        title: String, wikitext: String
    ) {
        let comic = ExplainComicFields(num: num, json: comicJSON)
        let xkcdTranscript = transcript(comic.transcript)
        let named = ExplainProse.everyone.filter { xkcdTranscript?.contains($0) ?? false }
        var prose = ExplainProse(vocabulary: vocabulary, num: num, cast: Array(named.prefix(2)))
        let header = """
            {{comic
            | number    = \(num)
            | date      = \(comic.date)
            | title     = \(templateValue(comic.title))
            | image     = \(imageName(comic.img, title: comic.title))
            | titletext = \(templateValue(comic.alt))
            }}

            ==Explanation==

            """
        let transcriptSection = "==Transcript==\n" + (xkcdTranscript ?? generatedTranscript(&prose))
        let featured = named.isEmpty ? Array(prose.cast.prefix(2)) : named
        let footer =
            "\n{{comic discussion}}\n"
            + featured.map { "[[Category:Comics featuring \($0)]]\n" }.joined()
            + "[[Category:\(prose.random.pick(categories))]]\n"
        let incomplete = num % 10 == 0 ? "{{incomplete|This explanation may be incomplete.}}\n" : ""
        // The explanation fills what a page of 3.3-7.2 KB leaves, less room for the title text's
        // paragraph; it is never shorter than a few paragraphs.
        let fixed = header.utf8.count + incomplete.utf8.count + transcriptSection.utf8.count + footer.utf8.count
        let budget = max(1400, 3300 + prose.random.below(3900) - fixed) - 350
        let explanation = incomplete + paragraphs(&prose, title: comic.title, bytes: budget)
        return (comic.title, header + explanation + transcriptSection + footer)
    }

    /// Paragraphs of about `bytes` bytes, then one on the title text, each followed by a blank line.
    private static func paragraphs(_ prose: inout ExplainProse, title: String, bytes: Int) -> String {
        var paragraphs: [String] = []
        var current = prose.opening(title: title)
        var length = current.utf8.count
        var sentences = 1
        var paragraphLength = 3 + prose.random.below(3)
        while length < bytes {
            if sentences >= paragraphLength {
                paragraphs.append(current)
                current = ""
                sentences = 0
                paragraphLength = 2 + prose.random.below(5)
            }
            let sentence = prose.sentence()
            current += (current.isEmpty ? "" : " ") + sentence
            length += sentence.utf8.count + 1
            sentences += 1
        }
        paragraphs.append(current)
        paragraphs.append(prose.titleTextParagraph())
        return paragraphs.map { $0 + "\n\n" }.joined()
    }

    /// xkcd's transcript as explainxkcd lines, or nil when it has none.
    private static func transcript(_ text: String) -> String? {
        var out = ""
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // {{Title text: …}} repeats the alt text, which the header holds.
            if trimmed.isEmpty || trimmed.hasPrefix("{{") { continue }
            let entry =
                ":"
                + trimmed.replacingOccurrences(of: "[[", with: "[").replacingOccurrences(of: "]]", with: "]")
                .replacingOccurrences(of: "{{", with: "(").replacingOccurrences(of: "}}", with: ")") + "\n"
            if out.utf8.count + entry.utf8.count > transcriptLimit { break }
            out += entry
        }
        return out.isEmpty ? nil : out
    }

    /// A scene, two to five lines of dialogue, sometimes a caption.
    private static func generatedTranscript(_ prose: inout ExplainProse) -> String {
        let (first, second) = (prose.cast[0], prose.cast[1])
        var out = prose.random.pick([
            ":[\(first) and \(second) are standing next to each other.]\n",
            ":[\(first) is sitting at a desk with a laptop. \(second) stands behind.]\n",
            ":[A single panel. \(first) is talking to \(second).]\n",
        ])
        for line in 0..<(2 + prose.random.below(4)) {
            let speaker = line % 2 == 0 ? first : second
            out += ":\(speaker): " + prose.sentence(maxWords: 14, decorated: false) + "\n"
        }
        if prose.random.chance(30) {
            out += ":[Caption below the panel:]\n:" + prose.sentence(maxWords: 14, decorated: false) + "\n"
        }
        return out
    }

    /// The image's file name (`python.png`); for an address ending in `/` (interactive comics),
    /// one made from the title.
    private static func imageName(_ img: String, title: String) -> String {
        if let name = img.split(separator: "/").last, !img.hasSuffix("/"), name.contains(".") {
            return String(name)
        }
        let slug = title.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return slug + ".png"
    }

    /// `text` as a template parameter's value: on one line, `|` written `{{!}}`.
    private static func templateValue(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "{{!}}")
    }
}
