/// Sentences in the manner of explainxkcd, walked along an ``ExplainVocabulary``'s word chain
/// and sprinkled with `[[N: Title]]` links, `{{w|Topic}}` references, `''italics''` and links
/// to the cast. Deterministic: the same seed and vocabulary give the same sentences.
struct ExplainProse {
    /// xkcd's recurring characters, as explainxkcd names (and links) them.
    static let everyone = ["Cueball", "Megan", "Ponytail", "White Hat", "Black Hat", "Hairy", "Beret Guy", "Blondie"]

    let vocabulary: ExplainVocabulary
    /// The comic the text is about, which it never links to.
    let num: Int
    /// The source of every choice.
    var random: SeededRandom
    /// The characters in this comic: the first two are the ones the text talks about.
    let cast: [String]

    /// Prose about comic `num` featuring `cast` (two are picked when it names fewer).
    init(vocabulary: ExplainVocabulary, num: Int, cast: [String]) {
        self.vocabulary = vocabulary
        self.num = num
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: num))
        var cast = cast
        while cast.count < 2 {
            let someone = random.pick(Self.everyone)
            if !cast.contains(someone) { cast.append(someone) }
        }
        self.random = random
        self.cast = cast
    }

    /// The first sentence of an explanation: who is in the comic and what it is about.
    mutating func opening(title: String) -> String {
        let (first, second, topic) = ("[[\(cast[0])]]", "[[\(cast[1])]]", wikipediaTopic())
        switch random.below(4) {
        case 0: return "In this comic, \(first) is talking to \(second) about \(topic)."
        case 1: return "This comic shows \(first) explaining \(topic) to \(second)."
        case 2: return "The title of this comic, ''\(title)'', refers to \(topic), which \(first) brings up here."
        default: return "\(first) is seen here trying to make sense of \(topic), while \(second) is not convinced."
        }
    }

    /// A paragraph about the title text: one framing sentence and one or two more.
    mutating func titleTextParagraph() -> String {
        var text: String
        switch random.below(3) {
        case 0: text = "The title text adds another layer to the joke."
        case 1: text = "The title text refers to \(wikipediaTopic())."
        default: text = "In the title text, [[\(cast[0])]] takes this one step further."
        }
        for _ in 0..<(1 + random.below(2)) { text += " " + sentence() }
        return text
    }

    /// One sentence of 6 to `maxWords` words (more when it ends in a link or reference);
    /// `decorated` sprinkles wiki markup into it.
    mutating func sentence(maxWords: Int = 28, decorated: Bool = true) -> String {
        let chain = vocabulary
        var current = Int(random.pick(chain.starters))
        var words = [chain.words[current]]
        while words.count < maxWords {
            if words.count >= 6, let last = words[words.count - 1].last, ".!?".contains(last) { break }
            let next = chain.successors[current]
            guard !next.isEmpty else { break }
            current = Int(random.pick(next))
            words.append(chain.words[current])
        }
        if decorated && words.count > 2 && random.chance(15) {
            let index = 1 + random.below(words.count - 1)
            let word = words[index]
            let core = word.prefix { $0.isLetter }
            let rest = word.dropFirst(core.count)
            if !core.isEmpty && rest.count <= 1 && rest.allSatisfy({ ".,!?;".contains($0) }) {
                words[index] = "''\(core)''" + rest
            }
        }
        var text = words.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst()
        var ending = "."
        while let last = text.last, !last.isLetter && !last.isNumber && last != "'" {
            if ".!?".contains(last) { ending = String(last) }
            text.removeLast()
        }
        if decorated && random.chance(12), let link = comicLink() {
            text += random.pick([", as in \(link)", " (see also \(link))", ", much like \(link)"])
        } else if decorated && random.chance(10) {
            let topic = wikipediaTopic()
            text += random.pick([", a reference to \(topic)", " (see \(topic))", ", which is related to \(topic)"])
        }
        return text + ending
    }

    /// `[[N: Title]]` or `[[N: Title|Title]]` for another comic of the archive.
    mutating func comicLink() -> String? {
        let links = vocabulary.links
        guard links.count > 1 else { return nil }
        var other = random.pick(links)
        if other.num == num { other = links[(links.firstIndex { $0.num == num }! + 1) % links.count] }
        let page = "\(other.num): \(other.title)"
        return random.chance(50) ? "[[\(page)]]" : "[[\(page)|\(other.title)]]"
    }

    /// `{{w|Topic}}`, sometimes piped to lower-case text.
    mutating func wikipediaTopic() -> String {
        let topic = random.pick(vocabulary.topics)
        return random.chance(30) ? "{{w|\(topic)|\(topic.lowercased())}}" : "{{w|\(topic)}}"
    }
}
