/// Templates: `{{name|parameters}}` become their visible text.
extension WikiSource {
    /// `text` with every `{{template}}` replaced by its visible text and `{{{parameters}}}` dropped.
    static func expandTemplates(_ text: String, depth: Int) -> String {
        let s = Array(text.unicodeScalars)
        guard s.contains("{") else { return text }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        let closes = closingBraces(in: s)
        var parameterEnds = ForwardSearch()
        var poll = CancellationPoll()
        var i = 0
        while i < s.count, !poll.cancelled() {
            if s[i] == "{", matches(s, i, "{{{") {
                // A template parameter: meaningless outside its template. Unclosed, its braces
                // go and the text after them stays.
                let end = parameterEnds.first(from: i + 3) { find(s, "}}}", from: $0) }
                i = end.map { $0 + 3 } ?? i + 3
                continue
            }
            if s[i] == "{", i + 1 < s.count, s[i + 1] == "{" {
                // A template no `}}` closes is a slip of the pen (`{{w|a}, more`): its braces
                // go and the text after them stays, as the wiki shows it.
                guard let end = closes[i] else {
                    i += 2
                    continue
                }
                if depth < maxDepth {
                    let inner = WikiSource.text(s[(i + 2)..<(end - 2)])
                    out.append(contentsOf: template(inner, depth: depth + 1).unicodeScalars)
                }
                i = end
                continue
            }
            out.append(s[i])
            i += 1
        }
        return WikiSource.text(out)
    }

    /// For each `{{` in `s` that some `}}` closes, the index just past that `}}`, nesting
    /// counted (`{{a {{b}}` closes only the second), found for all of them in one pass.
    static func closingBraces(in s: [Unicode.Scalar]) -> [Int: Int] {
        closingBraces(in: s, open: "{", close: "}")
    }

    /// ``closingBraces(in:)`` in text as scalars or as UTF-8 bytes (`open` and `close` are its
    /// `{` and `}`).
    static func closingBraces<Element: Equatable>(in s: [Element], open opening: Element, close closing: Element)
        -> [Int: Int]
    {
        var closes: [Int: Int] = [:]
        var open: [Int] = []
        var i = 0
        while i < s.count {
            if s[i] == opening, i + 1 < s.count, s[i + 1] == opening {
                open.append(i)
                i += 2
            } else if s[i] == closing, i + 1 < s.count, s[i + 1] == closing {
                if let start = open.popLast() { closes[start] = i + 2 }
                i += 2
            } else {
                i += 1
            }
        }
        return closes
    }

    /// Splits `text` at `|` outside nested `{{ }}` and `[[ ]]`.
    static func splitParameters(_ text: String) -> [String] {
        var parts: [String] = []
        var current: [Unicode.Scalar] = []
        var braces = 0
        var brackets = 0
        let s = Array(text.unicodeScalars)
        var i = 0
        while i < s.count {
            let c = s[i]
            let next = i + 1 < s.count ? s[i + 1] : nil
            if c == "{", next == "{" {
                braces += 1
                current.append(c)
                current.append("{")
                i += 2
                continue
            }
            if c == "}", next == "}", braces > 0 {
                braces -= 1
                current.append(c)
                current.append("}")
                i += 2
                continue
            }
            if c == "[", next == "[" {
                brackets += 1
                current.append(c)
                current.append("[")
                i += 2
                continue
            }
            if c == "]", next == "]", brackets > 0 {
                brackets -= 1
                current.append(c)
                current.append("]")
                i += 2
                continue
            }
            if c == "|", braces == 0, brackets == 0 {
                parts.append(WikiSource.text(current))
                current = []
            } else {
                current.append(c)
            }
            i += 1
        }
        parts.append(WikiSource.text(current))
        return parts
    }

    // The visible text of one template call.
    static func template(_ inner: String, depth: Int) -> String {
        let parts = splitParameters(inner)
        let name = parts[0].trimmingSpacesAndNewlines().lowercased().replacingEvery("_", with: " ")
        var positional: [String] = []
        var named: [String: String] = [:]
        for part in parts.dropFirst() {
            if let eq = part.firstIndex(of: "="), !part[..<eq].contains("["), !part[..<eq].contains("{") {
                named[part[..<eq].trimmingSpaces().lowercased()] = String(
                    part[part.index(after: eq)...])
            } else {
                positional.append(part)
            }
        }
        func expand(_ value: String?) -> String {
            expandTemplates(value?.trimmingSpacesAndNewlines() ?? "", depth: depth)
        }
        func shown() -> String { expand(positional.count > 1 ? positional[1] : positional.first) }
        switch name {
        case "w", "wiki", "wikipedia", "wikt", "wiktionary", "tvtropes", "xkcd", "what if", "whatif", "blag", "explain",
            "w2", "wp", "wikiquote", "wikisource", "imdb", "youtube":
            return shown()
        case "citation needed", "cn", "fact", "citation":
            return "[citation needed]"
        case "=":
            return "="
        case "!":
            return "|"
        case "·", "dot", "middot":
            return " · "
        case "color", "colour", "font color", "fontcolor", "bg", "highlight", "lang":
            // {{color|red|text}}: the text is the second parameter.
            return shown()
        case "tooltip", "mono", "kbd", "code", "nowrap", "small", "big", "sic", "sup", "sub", "smallcaps", "strike",
            "u", "abbr", "nobr":
            return expand(positional.first)
        case "cite web", "cite news", "cite book", "cite journal", "cite", "cite video", "cite tweet":
            let title = expand(named["title"] ?? positional.first)
            if let url = named["url"]?.trimmingSpaces(), !url.isEmpty {
                return "[\(url) \(title.isEmpty ? url : title)]"
            }
            return title
        default:
            return ""
        }
    }
}
