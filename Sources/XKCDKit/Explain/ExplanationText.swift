#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the search index and `transcript` take from an explainxkcd page: its Explanation and
/// Transcript sections as plain text, and whether the page is still marked incomplete.
///
/// The text is made in one pass over the source rather than through the ``WikiDocument`` a
/// reader sees: the index derives it again for each hit it shows an excerpt of, and the words
/// are what count. Templates and character references read as they do in `explain`; links read
/// as their labels; tags, comments, emphasis, the markup that starts a heading, list or table
/// line, and whatever could steer a terminal are dropped.
package struct ExplanationText: Sendable, Equatable {
    /// The Explanation section (the whole page when it has none), as plain text.
    package var explanation: String
    /// The community transcript, as plain text; empty when the page has none.
    package var transcript: String
    /// Whether the page carries an `{{incomplete…}}` notice, `{{incomplete transcript}}`
    /// included (it is fetched again sooner).
    var incomplete: Bool

    /// The text of a page's MediaWiki source.
    package init(wikitext: String) {
        explanation = Self.explanation(of: wikitext)
        transcript = Self.transcript(of: wikitext)
        incomplete = Self.holdsIncompleteMark(wikitext)
    }

    // Whether `{{incomplete` (in any case) is anywhere in `wikitext`: looked for at each `{{`.
    private static func holdsIncompleteMark(_ wikitext: String) -> Bool {
        let mark = Array("{{incomplete".utf8)
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            var from = 0
            while let at = bytes[from...].firstIndex(of: mark[0]) {
                if bytes.count - at >= mark.count,
                    bytes[at..<(at + mark.count)].elementsEqual(mark, by: { ASCIICase.fold($0) == $1 })
                {
                    return true
                }
                from = at + 1
            }
            return false
        }
        return wikitext.utf8.withContiguousStorageIfAvailable(search)
            ?? Array(wikitext.utf8).withUnsafeBufferPointer(search)
    }

    /// The Explanation section of a page's MediaWiki source (the whole page when it has none),
    /// as plain text.
    static func explanation(of wikitext: String) -> String {
        plainText(WikiMarkup.explanationSection(of: wikitext) ?? wikitext)
    }

    /// The Transcript section of a page's MediaWiki source, as plain text; empty when it has none.
    static func transcript(of wikitext: String) -> String {
        WikiMarkup.transcriptSection(of: wikitext).map(plainText) ?? ""
    }

    /// The words of MediaWiki `source`, a line for each of its lines that holds any.
    static func plainText(_ source: String) -> String {
        let bytes =
            source.utf8.withContiguousStorageIfAvailable { Array($0.prefix(WikiMarkup.maxSourceLength)) }
            ?? Array(source.utf8.prefix(WikiMarkup.maxSourceLength))
        let expanded = withTemplatesExpanded(withoutComments(bytes))
        var out: [UInt8] = []
        out.reserveCapacity(expanded.count)
        var lineStart = 0
        while lineStart < expanded.count {
            let lineEnd = expanded[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? expanded.count
            defer { lineStart = lineEnd + 1 }
            guard lineEnd > lineStart else { continue }
            let start = out.count
            words(ofLine: expanded[lineStart..<lineEnd], into: &out)
            while out.count > start, out.last == 0x20 { out.removeLast() }
            if out.count > start { out.append(UInt8(ascii: "\n")) } else { out.removeSubrange(start...) }
        }
        if out.last == UInt8(ascii: "\n") { out.removeLast() }
        return TerminalSanitizer.sanitize(HTMLEntities.decode(String(decoding: out, as: UTF8.self)), multiline: true)
    }

    // `bytes` without `<!-- … -->` comments (an unclosed one runs to the end).
    private static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = find(Array("<!--".utf8), in: bytes[...]) else { return bytes }
        var out = Array(bytes[..<first])
        var rest = bytes[first...]
        while let open = find(Array("<!--".utf8), in: rest) {
            out += rest[rest.startIndex..<open]
            guard let close = find(Array("-->".utf8), in: rest[(open + 4)...]) else { return out }
            rest = rest[(close + 3)...]
        }
        return out + rest
    }

    // `bytes` with each `{{template}}` replaced by its visible text, as `explain` shows it, and
    // `{{{parameters}}}` dropped; an unclosed one loses only its braces.
    private static func withTemplatesExpanded(_ bytes: [UInt8]) -> [UInt8] {
        let brace = UInt8(ascii: "{")
        guard var i = bytes.firstIndex(of: brace) else { return bytes }
        var out = Array(bytes[..<i])
        let closes = WikiSource.closingBraces(in: bytes, open: brace, close: UInt8(ascii: "}"))
        var parameterEnds = ForwardSearch()
        while i < bytes.count {
            guard bytes[i] == brace, i + 1 < bytes.count, bytes[i + 1] == brace else {
                let end = bytes[(i + 1)...].firstIndex(of: brace) ?? bytes.count
                out += bytes[i..<end]
                i = end
                continue
            }
            if i + 2 < bytes.count, bytes[i + 2] == brace {
                let end = parameterEnds.first(from: i + 3) { find(Array("}}}".utf8), in: bytes[$0...]) }
                i = end.map { $0 + 3 } ?? i + 3
                continue
            }
            guard let end = closes[i] else {
                i += 2
                continue
            }
            let inner = String(decoding: bytes[(i + 2)..<(end - 2)], as: UTF8.self)
            out += WikiSource.template(inner, depth: 1).utf8
            i = end
        }
        return out
    }

    // Appends the words of one source line to `out`.
    private static func words(ofLine line: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var tagEnds = ForwardSearch()
        var linkCloses: [Int: Int]?
        var bracketEnds = ForwardSearch()
        // Where a link whose label is being read ends: how many brackets close it there.
        var closers: [Int: Int] = [:]
        var i = line.startIndex
        // What starts a heading, list item or table line; a heading's closing `=`s go with the
        // other punctuation below.
        while i < line.endIndex, isLineMarkup(line[i]) { i += 1 }
        if i < line.endIndex, line[i] == UInt8(ascii: "{") || line[i] == UInt8(ascii: "|") {
            // `{|`, `|}`, `|-`, `|+` and a cell's `|`.
            i += 1
            while i < line.endIndex, isTableMarkup(line[i]) { i += 1 }
        }
        while i < line.endIndex {
            let c = line[i]
            switch c {
            case UInt8(ascii: "<"):
                // A tag (`<ref>`, `<br/>`, `</span>`) goes; what it encloses stays.
                let next = i + 1 < line.endIndex ? line[i + 1] : 0
                if next == UInt8(ascii: "/") || isLetter(next),
                    let close = tagEnds.first(from: i, by: { line[$0...].firstIndex(of: UInt8(ascii: ">")) })
                {
                    space(&out)
                    i = close + 1
                } else {
                    out.append(c)
                    i += 1
                }
            case UInt8(ascii: "[") where i + 1 < line.endIndex && line[i + 1] == UInt8(ascii: "["):
                if linkCloses == nil { linkCloses = Self.linkCloses(line) }
                guard let close = linkCloses?[i] else {
                    i += 2
                    continue
                }
                // The label is read on as text, its own markup and links with it.
                if let label = labelStart(line[(i + 2)..<close]) {
                    closers[close] = 2
                    i = label
                } else {
                    i = close + 2
                }
            case UInt8(ascii: "]") where closers[i] != nil:
                i += closers.removeValue(forKey: i) ?? 1
            case UInt8(ascii: "["):
                // `[https://… label]` reads as its label; a bracket that opens no link stays.
                let rest = line[(i + 1)...]
                if rest.starts(with: "http".utf8) || rest.starts(with: "//".utf8),
                    let close = bracketEnds.first(from: i + 1, by: { line[$0...].firstIndex(of: UInt8(ascii: "]")) })
                {
                    if let gap = rest[..<close].firstIndex(of: 0x20) {
                        closers[close] = 1
                        i = gap + 1
                    } else {
                        i = close + 1
                    }
                } else {
                    out.append(c)
                    i += 1
                }
            case UInt8(ascii: "'") where i + 1 < line.endIndex && line[i + 1] == UInt8(ascii: "'"):
                while i < line.endIndex, line[i] == UInt8(ascii: "'") { i += 1 }
            case UInt8(ascii: "|") where i + 1 < line.endIndex && line[i + 1] == UInt8(ascii: "|"),
                UInt8(ascii: "!") where i + 1 < line.endIndex && line[i + 1] == UInt8(ascii: "!"):
                // Table cells on one line.
                space(&out)
                i += 2
            case UInt8(ascii: "="):
                // A heading's closing `=`s; an `=` between words stays.
                let run = line[i...].prefix { $0 == UInt8(ascii: "=") }
                if line[(i + run.count)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    i = line.endIndex
                } else {
                    out += run
                    i += run.count
                }
            case 0x09:
                space(&out)
                i += 1
            default:
                // A run of text up to the next byte that may start markup, copied at once.
                let end = line[(i + 1)...].firstIndex(where: mayStartMarkup) ?? line.endIndex
                out += line[i..<end]
                i = end
            }
        }
    }

    // Where the text a `[[target|label]]` link reads as starts: its label, else its target;
    // nil for files and categories, which read as nothing. A target holds no `[`: the scan
    // for its bar stops at a nested link, so links nested k deep cost their length, not k times it.
    private static func labelStart(_ inner: ArraySlice<UInt8>) -> Int? {
        let target = inner.prefix { $0 != UInt8(ascii: "|") && $0 != UInt8(ascii: "[") }
        let name = String(decoding: target.prefix(10), as: UTF8.self).lowercased()
        if ["file:", "image:", "category:"].contains(where: name.hasPrefix) { return nil }
        if target.endIndex < inner.endIndex, inner[target.endIndex] == UInt8(ascii: "|") { return target.endIndex + 1 }
        return target.first == UInt8(ascii: ":") ? target.startIndex + 1 : target.startIndex
    }

    // For each `[[` of `line` that a `]]` closes, where that `]]` is (links nested in a link's
    // label, as in a picture's caption, counted), in one pass.
    private static func linkCloses(_ line: ArraySlice<UInt8>) -> [Int: Int] {
        var closes: [Int: Int] = [:]
        var open: [Int] = []
        var i = line.startIndex
        while i + 1 < line.endIndex {
            if line[i] == UInt8(ascii: "["), line[i + 1] == UInt8(ascii: "[") {
                open.append(i)
                i += 2
            } else if line[i] == UInt8(ascii: "]"), line[i + 1] == UInt8(ascii: "]"), let start = open.popLast() {
                closes[start] = i
                i += 2
            } else {
                i += 1
            }
        }
        return closes
    }

    // What may start a heading, list item or table line: `*#:;=!` and blanks.
    private static func isLineMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x20, 0x2A, 0x23, 0x3A, 0x3B, 0x3D, 0x21: true
        default: false
        }
    }

    // What follows a table line's first `{` or `|`: `|}-+`.
    private static func isTableMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x7C, 0x7D, 0x2D, 0x2B: true
        default: false
        }
    }

    // What `words(ofLine:into:)` looks at: `<[]'|!=` and tabs.
    private static func mayStartMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x3C, 0x5B, 0x5D, 0x27, 0x7C, 0x21, 0x3D, 0x09: true
        default: false
        }
    }

    private static func space(_ out: inout [UInt8]) {
        if let last = out.last, last != 0x20, last != UInt8(ascii: "\n") { out.append(0x20) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first else { return nil }
        var i = haystack.startIndex
        while let at = haystack[i...].firstIndex(of: first) {
            if haystack[at...].starts(with: needle) { return at }
            i = at + 1
        }
        return nil
    }
}

/// A ``WikiDocument`` as plain text for the search index and for scripts: a line per block,
/// no styling, footnotes after the text.
enum WikiPlainText {
    /// The text of `document`: headings, paragraphs (list items led by their marker),
    /// preformatted lines and table rows, then the footnotes.
    static func text(of document: WikiDocument) -> String {
        var lines: [String] = []
        for block in document.blocks {
            switch block {
            case let .heading(_, runs):
                lines.append(joined(runs))
            case let .paragraph(_, marker, runs):
                let text = joined(runs)
                lines.append(marker.map { $0.isEmpty ? text : "\($0) \(text)" } ?? text)
            case let .preformatted(rows):
                lines += rows
            case let .table(rows, _):
                lines += rows.map { $0.joined(separator: " | ") }
            }
        }
        lines += document.notes.map(joined)
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func joined(_ runs: [WikiRun]) -> String {
        runs.map(\.text).joined().trimmingSpaces()
    }
}

/// explainxkcd's mark on a page whose explanation is not finished: `{{incomplete|reason}}`,
/// shown on the wiki as a box above the text. The reason is optional, may run over several
/// lines and holds markup of its own.
struct IncompleteNotice: Sendable, Equatable {
    /// Why the page says it is incomplete, as plain text (a line a paragraph or list item);
    /// nil when it gives no reason.
    var reason: String?

    /// The first such mark in a page's MediaWiki source, nil when there is none. Templates
    /// whose names only begin alike (`{{incomplete transcript}}`) mark other parts of a page.
    static func find(in wikitext: String) throws(XKCDError) -> IncompleteNotice? {
        let s = Array(wikitext.unicodeScalars)
        var closes: [Int: Int]?
        var from = 0
        while let start = WikiSource.find(s, "{{incomplete", from: from) {
            from = start + 2
            // `{{{incomplete` is a parameter, not a template.
            if start > 0, s[start - 1] == "{" { continue }
            if closes == nil { closes = WikiSource.closingBraces(in: s) }
            // An unclosed template is dropped when the page is shown, and so is this.
            guard let end = closes?[start] else { return nil }
            // Only blanks may follow the name before its first parameter: anything else names
            // another template, told without reading what it encloses.
            var nameEnd = start + 12
            while nameEnd < end - 2, s[nameEnd] == "_" || s[nameEnd].properties.isWhitespace { nameEnd += 1 }
            guard nameEnd == end - 2 || s[nameEnd] == "|" else { continue }
            let parts = WikiSource.splitParameters(WikiSource.text(s[(start + 2)..<(end - 2)]))
            let name = parts[0].replacingEvery("_", with: " ").trimmingSpacesAndNewlines().lowercased()
            guard name == "incomplete" else { continue }
            return IncompleteNotice(reason: try reason(parts.dropFirst().joined(separator: "|")))
        }
        return nil
    }

    private static func reason(_ source: String) throws(XKCDError) -> String? {
        let text = WikiPlainText.text(of: try WikiMarkup.document(from: source))
        let lines = text.split(separator: "\n").map { TerminalSanitizer.sanitize(String($0), multiline: false) }
            .filter { !$0.trimmingSpaces().isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
