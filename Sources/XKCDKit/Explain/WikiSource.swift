/// The first pass over MediaWiki source: comments, `<nowiki>`, `<ref>` footnotes, HTML tags
/// and templates are resolved to plain markup, leaving links, emphasis and block structure.
/// Every scan moves forward, what is looked ahead for is remembered (``ForwardSearch``) and
/// template nesting is bounded, so time grows in proportion to the text; a cancelled task's
/// scans stop early (the result is then incomplete).
enum WikiSource {
    /// Characters that `<nowiki>` protects are moved to this private-use range until output.
    static let protectedBase: UInt32 = 0xF700
    static let protected: [Unicode.Scalar] = [
        "[", "]", "{", "}", "'", "|", "*", "#", ":", ";", "=", "!", "<", ">", "&", "-", " ", "h",
    ]
    /// A forced line break (`<br>`), kept apart from the newlines that separate blocks.
    static let lineBreak: Unicode.Scalar = "\u{F7F0}"
    /// Around a footnote's number: `noteOpen` 3 `noteClose` marks where note 3 (from 0) was.
    static let noteOpen: Unicode.Scalar = "\u{F7F1}"
    static let noteClose: Unicode.Scalar = "\u{F7F2}"
    /// The deepest template nesting expanded.
    static let maxDepth = 20

    /// `text` with comments, nowiki, refs, tags and templates resolved; `notes` receives each
    /// footnote's source in order and the text gets ``noteOpen`` markers for them.
    static func prepare(_ text: String, notes: inout [String]) -> String {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var poll = CancellationPoll()
        for scalar in text.unicodeScalars where !isPrivate(scalar) && scalar != "\r" {
            if poll.cancelled() { break }
            scalars.append(scalar)
        }
        scalars = removeComments(scalars)
        scalars = protectNowiki(scalars)
        scalars = extractRefs(scalars, notes: &notes)
        scalars = stripTags(scalars)
        return expandTemplates(WikiSource.text(scalars), depth: 0)
    }

    /// The text of `scalars`, encoded once rather than a scalar at a time.
    static func text<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(value))
            case 0x80..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6))
                bytes.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18))
                bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with protected characters turned back into themselves and line breaks into newlines.
    static func restore(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isPrivate) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == lineBreak {
                out.append("\n")
            } else if isPrivate(scalar), Int(scalar.value - protectedBase) < protected.count {
                out.append(protected[Int(scalar.value - protectedBase)])
            } else if !isPrivate(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isPrivate(_ scalar: Unicode.Scalar) -> Bool {
        (protectedBase...0xF7FF).contains(scalar.value)
    }

    // MARK: - Scanning helpers

    /// Whether `pattern` (ASCII, matched case-insensitively) starts at `i`.
    static func matches(_ s: [Unicode.Scalar], _ i: Int, _ pattern: String) -> Bool {
        var j = i
        for p in pattern.unicodeScalars {
            guard j < s.count, fold(s[j]) == fold(p) else { return false }
            j += 1
        }
        return true
    }

    /// The first index from `from` on where `pattern` starts.
    static func find(_ s: [Unicode.Scalar], _ pattern: String, from: Int) -> Int? {
        guard let first = pattern.unicodeScalars.first.map(fold) else { return nil }
        var i = from
        while i < s.count {
            if fold(s[i]) == first, matches(s, i, pattern) { return i }
            i += 1
        }
        return nil
    }

    // ASCII letters folded to lower case; everything else as is.
    private static func fold(_ c: Unicode.Scalar) -> UInt32 {
        (65...90).contains(c.value) ? c.value + 32 : c.value
    }

    /// How far an opening tag's `>` is looked for.
    static let tagLimit = 500

    /// The `>` ending a tag whose name ends before `from`, looked for within ``tagLimit``.
    private static func tagEnd(_ s: [Unicode.Scalar], from: Int, _ closes: inout ForwardSearch) -> Int? {
        guard let close = closes.first(from: from, by: { find(s, ">", from: $0) }), close - from < tagLimit else {
            return nil
        }
        return close
    }

    private static func removeComments(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var poll = CancellationPoll()
        var i = 0
        while i < s.count, !poll.cancelled() {
            if s[i] == "<", matches(s, i, "<!--") {
                guard let end = find(s, "-->", from: i + 4) else { break }
                i = end + 3
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    private static func protectNowiki(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var closes = ForwardSearch()
        var poll = CancellationPoll()
        var i = 0
        while i < s.count, !poll.cancelled() {
            if s[i] == "<", matches(s, i, "<nowiki"), let close = tagEnd(s, from: i, &closes) {
                if s[close - 1] == "/" {
                    i = close + 1
                    continue
                }
                let end = find(s, "</nowiki>", from: close + 1) ?? s.count
                for c in s[(close + 1)..<end] {
                    if let k = protected.firstIndex(of: c) {
                        out.append(Unicode.Scalar(protectedBase + UInt32(k))!)
                    } else {
                        out.append(c)
                    }
                }
                i = min(s.count, end + 9)
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    private static func extractRefs(_ s: [Unicode.Scalar], notes: inout [String]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var named: [String: Int] = [:]
        var closes = ForwardSearch()
        var listEnds = ForwardSearch()
        var poll = CancellationPoll()
        var i = 0
        while i < s.count, !poll.cancelled() {
            guard s[i] == "<" else {
                out.append(s[i])
                i += 1
                continue
            }
            if matches(s, i, "<references"), let close = tagEnd(s, from: i, &closes) {
                i = close + 1
                if s[close - 1] != "/", let end = listEnds.first(from: i, by: { find(s, "</references>", from: $0) }) {
                    i = end + 13
                }
                continue
            }
            guard matches(s, i, "<ref"), i + 4 < s.count, s[i + 4] == ">" || s[i + 4] == " " || s[i + 4] == "/",
                let close = tagEnd(s, from: i, &closes)
            else {
                out.append(s[i])
                i += 1
                continue
            }
            let attributes = WikiSource.text(s[(i + 4)..<close])
            let name = refName(attributes)
            let number: Int?
            if s[close - 1] == "/" {
                number = name.flatMap { named[$0] }
                i = close + 1
            } else {
                let end = find(s, "</ref>", from: close + 1) ?? s.count
                notes.append(WikiSource.text(s[(close + 1)..<end]))
                number = notes.count
                if let name { named[name] = notes.count }
                i = min(s.count, end + 6)
            }
            if let number {
                out.append(noteOpen)
                out.append(contentsOf: String(number - 1).unicodeScalars)
                out.append(noteClose)
            }
        }
        return out
    }

    private static func refName(_ attributes: String) -> String? {
        guard let range = attributes.firstRange(of: "name") else { return nil }
        let rest = attributes[range.upperBound...].drop(while: { $0 == " " || $0 == "=" })
        let value = rest.drop(while: { $0 == "\"" || $0 == "'" }).prefix(while: {
            $0 != "\"" && $0 != "'" && $0 != "/" && $0 != " "
        })
        return value.isEmpty ? nil : String(value)
    }

    // Known HTML tags are removed and their content kept; `<br>` becomes a line break.
    private static let tags: Set<String> = [
        "b", "i", "u", "s", "em", "strong", "small", "big", "sup", "sub", "span", "div", "font", "center", "code",
        "tt", "kbd", "var", "samp", "del", "ins", "strike", "blockquote", "poem", "p", "abbr", "cite", "q", "mark",
        "pre", "syntaxhighlight", "source", "math", "chem", "gallery", "includeonly", "noinclude", "onlyinclude",
        "table", "tr", "td", "th", "caption", "ul", "ol", "li", "dl", "dt", "dd", "hr", "wbr", "section",
    ]

    private static func stripTags(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var closes = ForwardSearch()
        var poll = CancellationPoll()
        var i = 0
        while i < s.count, !poll.cancelled() {
            guard s[i] == "<" else {
                out.append(s[i])
                i += 1
                continue
            }
            var j = i + 1
            if j < s.count, s[j] == "/" { j += 1 }
            var name = ""
            while j < s.count, s[j].properties.isAlphabetic, s[j].isASCII, name.unicodeScalars.count < 20 {
                name.unicodeScalars.append(s[j])
                j += 1
            }
            name = name.lowercased()
            guard name == "br" || tags.contains(name), j < s.count, s[j] == ">" || s[j] == " " || s[j] == "/",
                let close = tagEnd(s, from: j, &closes)
            else {
                out.append(s[i])
                i += 1
                continue
            }
            if name == "br" {
                out.append(lineBreak)
            } else if ["p", "div", "li", "tr", "blockquote", "hr", "dt", "dd"].contains(name) {
                out.append("\n")
            }
            i = close + 1
        }
        return out
    }
}
