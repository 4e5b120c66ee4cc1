/// Inline MediaWiki markup: emphasis, internal and external links, bare URLs.
enum WikiInline {
    /// The styled runs of one paragraph's source; text is entity-decoded and sanitized.
    static func runs(_ source: String) -> [WikiRun] {
        var builder = Builder()
        builder.parse(Array(source.unicodeScalars))
        builder.flush()
        return builder.runs
    }

    /// The first `:` outside links, for `;term : definition`.
    static func topLevelColon(in text: String) -> String.Index? {
        var brackets = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "[": brackets += 1
            case "]": brackets = max(0, brackets - 1)
            case ":" where brackets == 0: return index
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static let namespacesDropped = ["file:", "image:", "category:", "media:"]
    /// How deep links inside links are read; deeper ones are dropped (each level reads its
    /// text again).
    private static let maxLinkDepth = 4
    private static let schemes = ["http://", "https://", "ftp://", "mailto:", "//"]

    private struct Builder {
        var runs: [WikiRun] = []
        var text: [Unicode.Scalar] = []
        var bold = false
        var italic = false
        /// How many links this text is inside.
        var depth = 0
        var poll = CancellationPoll()

        mutating func flush() {
            guard !text.isEmpty else { return }
            append(WikiSource.text(text), url: nil)
            text = []
        }

        mutating func append(_ raw: String, url: String?) {
            let clean = TerminalSanitizer.sanitize(HTMLEntities.decode(WikiSource.restore(raw)), multiline: true)
            guard !clean.isEmpty else { return }
            if let last = runs.last, last.note == nil, last.bold == bold, last.italic == italic, last.url == url {
                runs[runs.count - 1].text += clean
            } else {
                runs.append(WikiRun(clean, bold: bold, italic: italic, url: url))
            }
        }

        mutating func parse(_ s: [Unicode.Scalar]) {
            let closes = Self.linkCloses(s)
            var externalEnds = ForwardSearch()
            var i = 0
            while i < s.count, !poll.cancelled() {
                let c = s[i]
                if c == WikiSource.noteOpen, let close = s[i...].prefix(12).firstIndex(of: WikiSource.noteClose),
                    let note = Int(WikiSource.text(s[(i + 1)..<close]))
                {
                    flush()
                    runs.append(WikiRun("", note: note))
                    i = close + 1
                    continue
                }
                if c == "'", i + 1 < s.count, s[i + 1] == "'" {
                    var count = 0
                    while i + count < s.count, s[i + count] == "'" { count += 1 }
                    flush()
                    i += count
                    switch count {
                    case 2: italic.toggle()
                    case 3: bold.toggle()
                    case 4:
                        text.append("'")
                        flush()
                        bold.toggle()
                    default:
                        if count > 5 {
                            text.append(contentsOf: String(repeating: "'", count: count - 5).unicodeScalars)
                        }
                        flush()
                        bold.toggle()
                        italic.toggle()
                    }
                    continue
                }
                if c == "[", let end = closes[i] {
                    internalLink(Array(s[(i + 2)..<(end - 2)]))
                    i = end
                    continue
                }
                if c == "[", let end = externalLinkEnd(s, from: i, linkCloses: closes, &externalEnds) {
                    externalLink(Array(s[(i + 1)..<end]))
                    i = end + 1
                    continue
                }
                if c == "h" || c == "f", let end = bareURLEnd(s, from: i) {
                    flush()
                    let url = WikiSource.text(s[i..<end])
                    append(url, url: url)
                    i = end
                    continue
                }
                text.append(c)
                i += 1
            }
        }

        // For each `[[`, the index just past its `]]` on the same line (nested pairs counted).
        static func linkCloses(_ s: [Unicode.Scalar]) -> [Int: Int] {
            var closes: [Int: Int] = [:]
            var open: [Int] = []
            var i = 0
            while i < s.count {
                if s[i] == "[", i + 1 < s.count, s[i + 1] == "[" {
                    open.append(i)
                    i += 2
                } else if s[i] == "]", i + 1 < s.count, s[i + 1] == "]", let start = open.popLast() {
                    closes[start] = i + 2
                    i += 2
                } else {
                    if s[i] == "\n" { open.removeAll() }
                    i += 1
                }
            }
            return closes
        }

        mutating func internalLink(_ inner: [Unicode.Scalar]) {
            let body = WikiSource.text(inner)
            let parts = WikiSource.splitParameters(body)
            let target = parts[0].trimmingSpaces()
            let lower = target.lowercased()
            if namespacesDropped.contains(where: { lower.hasPrefix($0) }) || depth >= maxLinkDepth { return }
            var shown = parts.count > 1 ? parts.dropFirst().joined(separator: "|") : target
            if parts.count == 1 {
                if shown.hasPrefix(":") { shown.removeFirst() }
                if let hash = shown.firstIndex(of: "#"), hash == shown.startIndex { shown.removeFirst() }
            }
            if shown.isEmpty, parts.count > 1 {
                // The "pipe trick": [[Page (thing)|]] shows "Page".
                shown = String(target.prefix(while: { $0 != "(" && $0 != "," })).trimmingSpaces()
            }
            depth += 1
            parse(Array(shown.unicodeScalars))
            depth -= 1
        }

        // `[url text]`: the `]` closing a bracket that starts with a URL scheme, on the same
        // line. As in MediaWiki, the text may hold a `[` (`[url [p. 6]]` reads `[p. 6` and a `]`)
        // and whole `[[links]]` (`linkCloses`), which are read first. `ends` remembers the scan:
        // the `]` or newline found from one bracket is the one found from any on its way there.
        func externalLinkEnd(
            _ s: [Unicode.Scalar], from start: Int, linkCloses: [Int: Int], _ ends: inout ForwardSearch
        ) -> Int? {
            guard schemes.contains(where: { WikiSource.matches(s, start + 1, $0) }) else { return nil }
            let end = ends.first(from: start + 1) { from in
                var i = from
                while i < s.count, s[i] != "]", s[i] != "\n" {
                    i = s[i] == "[" ? linkCloses[i] ?? i + 1 : i + 1
                }
                return i < s.count ? i : nil
            }
            return end.flatMap { s[$0] == "]" ? $0 : nil }
        }

        mutating func externalLink(_ inner: [Unicode.Scalar]) {
            let space = inner.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? inner.count
            let url = WikiSource.text(inner[..<space])
            let label =
                space < inner.count
                ? WikiSource.text(inner[(space + 1)...]).trimmingSpaces() : ""
            flush()
            if label.isEmpty {
                append(url, url: url)
            } else {
                var nested = Builder()
                nested.bold = bold
                nested.italic = italic
                nested.depth = depth + 1
                nested.parse(Array(label.unicodeScalars))
                nested.flush()
                for run in nested.runs {
                    runs.append(WikiRun(run.text, bold: run.bold, italic: run.italic, url: url))
                }
            }
        }

        // A bare http(s)/ftp URL starting at `start` (after a non-letter), without trailing punctuation.
        func bareURLEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
            if start > 0, s[start - 1].properties.isAlphabetic || s[start - 1] == "/" { return nil }
            guard ["http://", "https://", "ftp://"].contains(where: { WikiSource.matches(s, start, $0) }) else {
                return nil
            }
            var end = start
            while end < s.count, !s[end].properties.isWhitespace, !"<>[]\"{}|".unicodeScalars.contains(s[end]),
                s[end].value >= 0x21,
                !(WikiSource.protectedBase...0xF7FF).contains(s[end].value)
            {
                end += 1
            }
            while end > start, ".,;:!?)'".unicodeScalars.contains(s[end - 1]) { end -= 1 }
            return end - start > 8 ? end : nil
        }
    }
}
