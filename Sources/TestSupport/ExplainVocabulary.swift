import Foundation

/// Words drawn from an archive's own alt texts and transcripts, chained as they follow each
/// other there, and its titles, for ``ExplainPageGenerator`` to write prose whose word
/// statistics resemble the archive's. A few sentences of its own are always mixed in, so a
/// tiny or synthetic archive still yields readable text. Built in comic-number order:
/// the same archive always gives the same vocabulary.
package struct ExplainVocabulary: Sendable {
    /// Comics whose display titles make valid page links (`[[N: Title]]`), in number order.
    let links: [(num: Int, title: String)]
    /// Names for `{{w|…}}`: proper nouns of the archive's text, most frequent first, then a
    /// few general topics.
    let topics: [String]
    /// Every distinct word (punctuation attached).
    let words: [String]
    /// For each word, the words that followed it, as often as they did.
    let successors: [[Int32]]
    /// Words that began a sentence with a capital letter.
    let starters: [Int32]

    /// The vocabulary of `archive`.
    package init(archive: ComicArchive) {
        var builder = Builder()
        var links: [(num: Int, title: String)] = []
        for num in archive.bodies.keys.sorted() {
            let comic = ExplainComicFields(num: num, json: archive.bodies[num] ?? Data())
            if !comic.title.contains(where: { "#<>[]{}|".contains($0) }) {
                links.append((num, comic.title))
            }
            builder.add(comic.alt)
            for line in comic.transcript.split(whereSeparator: \.isNewline) where !line.hasPrefix("{{") {
                builder.add(Self.droppingSpeaker(line))
            }
        }
        builder.add(Self.ownText)
        self.links = links
        topics = builder.properNouns() + Self.generalTopics
        words = builder.words
        successors = builder.successors
        starters = builder.starters
    }

    /// A transcript line without a leading `Name:` label.
    private static func droppingSpeaker(_ line: Substring) -> Substring {
        guard let colon = line.prefix(26).firstIndex(of: ":"), !line[..<colon].contains("["),
            line[colon...].dropFirst().first == " "
        else { return line }
        return line[line.index(after: colon)...]
    }

    private static let ownText = """
        The joke here is that the situation is taken literally. Cueball seems to think this is a \
        reasonable idea, but the result is absurd. Many readers pointed out that this is not how it \
        works in real life. This is a reference to a common saying, and the comic plays on the double \
        meaning of the word. Randall has made similar jokes in earlier comics. In reality, this would \
        take far longer than it seems, since most people never notice it. The title text adds one more \
        twist to the joke. It is not clear whether this was intended, but some people actually do this, \
        which makes the joke even funnier.
        """

    private static let generalTopics = [
        "Computer science", "Mathematics", "Physics", "Internet", "Statistics", "Astronomy", "Chemistry",
        "Linguistics", "Programming language", "Wikipedia",
    ]

    /// Collects words and the chain between them.
    private struct Builder {
        var words: [String] = []
        var successors: [[Int32]] = []
        var starters: [Int32] = []
        private var index: [String: Int32] = [:]
        private var capitalizedCounts: [String: Int] = [:]
        private var lowercaseWords: Set<String> = []

        /// Adds the words of `text`; its first word starts a sentence.
        mutating func add(_ text: some StringProtocol) {
            var previous: Int32?
            var atStart = true
            for raw in String(text).split(whereSeparator: \.isWhitespace) {
                guard let word = Self.cleaned(raw) else { continue }
                let id = intern(word)
                if let previous {
                    successors[Int(previous)].append(id)
                }
                let capitalized = word.first?.isUppercase ?? false
                if atStart && capitalized {
                    starters.append(id)
                } else if !atStart && capitalized && word.count >= 4 && word.allSatisfy(\.isLetter)
                    && word.dropFirst().allSatisfy(\.isLowercase)
                {
                    capitalizedCounts[word, default: 0] += 1
                }
                if word.first?.isLowercase ?? false {
                    lowercaseWords.insert(String(word.prefix { $0.isLetter }))
                }
                atStart = word.last.map { ".!?".contains($0) } ?? false
                previous = id
            }
        }

        /// Capitalized words met at least twice inside sentences and never in lower case
        /// (names, not ordinary words), most frequent first.
        func properNouns() -> [String] {
            capitalizedCounts.filter { $0.value >= 2 && !lowercaseWords.contains($0.key.lowercased()) }.sorted {
                ($1.value, $0.key) < ($0.value, $1.key)
            }
            .prefix(300).map(\.key)
        }

        private mutating func intern(_ word: String) -> Int32 {
            if let id = index[word] { return id }
            let id = Int32(words.count)
            words.append(word)
            successors.append([])
            index[word] = id
            return id
        }

        /// A word with the characters that are wiki markup or unbalanced quoting removed,
        /// keeping one trailing `.,!?;`; nil for addresses, entities and leftovers.
        private static func cleaned(_ raw: Substring) -> String? {
            if raw.contains("http") || raw.contains("www.") || raw.contains("&") || raw.contains("/") { return nil }
            var word = raw.filter { !"[]{}|<>\"()*#=_~`".contains($0) }.replacingOccurrences(of: "''", with: "'")
            while let first = word.first, !first.isLetter && !first.isNumber { word.removeFirst() }
            var ending = ""
            while let last = word.last, !last.isLetter && !last.isNumber {
                if ending.isEmpty && ".,!?;".contains(last) { ending = String(last) }
                word.removeLast()
            }
            guard !word.isEmpty, word.count <= 24 else { return nil }
            return word + ending
        }
    }
}
