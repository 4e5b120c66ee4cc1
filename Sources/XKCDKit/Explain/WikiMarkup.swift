#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns explainxkcd's MediaWiki source into a ``WikiDocument``: a pure function that never
/// fails; whatever it does not understand is dropped or shown as text, never as markup.
package enum WikiMarkup {
    /// The largest source rendered; anything beyond is cut (explanations are far smaller).
    static let maxSourceLength = 2 << 20

    /// The section a reader wants: the first level-2 section whose heading holds
    /// "planation" (headings vary: `== Explanation ==`, #2408's `==Eggsplanation==`), up to
    /// the next level-2 heading; nil when there is none.
    package static func explanationSection(of source: String) -> String? {
        section(of: source) { $0.contains("planation") }
    }

    /// The community transcript: the first level-2 section headed "Transcript", up to the next
    /// level-2 heading (or `{{comic discussion}}`, which ends the article); nil when there is none.
    static func transcriptSection(of source: String) -> String? {
        section(of: source) { $0.lowercased().contains("transcript") }.map { text in
            let bytes = Array(text.utf8)
            guard let start = ASCIICase.offset(of: "{{comic discussion}}", in: bytes) else { return text }
            return String(decoding: bytes[..<start], as: UTF8.self)
        }
    }

    // The text under the first level-2 heading `wanted` accepts, up to the next level-2 heading.
    private static func section(of source: String, where wanted: (Substring) -> Bool) -> String? {
        var start: String.Index?
        var lineStart = source.startIndex
        let newlines = newlineOffsets(source)
        var next = newlines.startIndex
        while true {
            let lineEnd =
                next < newlines.endIndex
                ? source.utf8.index(source.startIndex, offsetBy: newlines[next]) : source.endIndex
            next += 1
            let line = source[lineStart..<lineEnd]
            if let level = headingLevel(line), level == 2 {
                if let start {
                    // The section ends before this heading's line, less the newline that ends the last.
                    let end = line.startIndex > start ? source.utf8.index(before: line.startIndex) : start
                    return String(source[start..<end])
                }
                if wanted(line) {
                    start = lineEnd < source.endIndex ? source.utf8.index(after: lineEnd) : source.endIndex
                }
            }
            if lineEnd == source.endIndex { break }
            lineStart = source.utf8.index(after: lineEnd)
        }
        return start.map { String(source[$0...]) }
    }

    // Where each `\n` of `text` is, in UTF-8 bytes from its start.
    private static func newlineOffsets(_ text: String) -> [Int] {
        let find = { (bytes: UnsafeBufferPointer<UInt8>) -> [Int] in
            var offsets: [Int] = []
            guard let base = bytes.baseAddress else { return offsets }
            var from = 0
            while let found = memchr(base + from, 0x0A, bytes.count - from) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                offsets.append(at)
                from = at + 1
            }
            return offsets
        }
        return text.utf8.withContiguousStorageIfAvailable(find) ?? Array(text.utf8).withUnsafeBufferPointer(find)
    }

    /// The lines of `text`, split at each `\n` byte (no newline is part of a grapheme cluster
    /// that starts a line here, so this is what splitting its characters gives, only faster).
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.utf8.startIndex
        while let newline = text.utf8[index...].firstIndex(of: 0x0A) {
            lines.append(text[start..<newline])
            start = text.utf8.index(after: newline)
            index = start
        }
        lines.append(text[start...])
        return lines
    }

    /// The blocks and footnotes of `source`, read in time in proportion to its length; throws
    /// when the task is cancelled, having stopped soon after.
    package static func document(from source: String) throws(XKCDError) -> WikiDocument {
        var noteSources: [String] = []
        let prepared = WikiSource.prepare(
            (source.utf8.count <= maxSourceLength ? source : String(source.unicodeScalars.prefix(maxSourceLength))),
            notes: &noteSources)
        var parser = BlockParser()
        for line in lines(of: prepared) {
            if CancellationPoll.taskIsCancelled() { throw .cancelled }
            parser.add(line)
        }
        parser.endParagraph()
        var notes: [[WikiRun]] = []
        for note in noteSources {
            if CancellationPoll.taskIsCancelled() { throw .cancelled }
            notes.append(WikiInline.runs(WikiSource.expandTemplates(note, depth: 0).replacingEvery("\n", with: " ")))
        }
        if CancellationPoll.taskIsCancelled() { throw .cancelled }
        return WikiDocument(blocks: parser.blocks, notes: notes)
    }

    /// The level of a heading line (`== x ==` is 2), or nil.
    static func headingLevel(_ line: Substring) -> Int? {
        // Most lines are not headings: the first byte that is not a space tells.
        guard line.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "=") else { return nil }
        let trimmed = line.trimmingSpaces()
        guard trimmed.hasPrefix("="), trimmed.hasSuffix("=") else { return nil }
        let open = trimmed.prefix(while: { $0 == "=" }).count
        let close = trimmed.reversed().prefix(while: { $0 == "=" }).count
        let level = min(open, close, 6)
        guard trimmed.count > 2 * level, level >= 1 else { return nil }
        return level
    }

    // Builds blocks line by line: headings, lists, tables, preformatted text, paragraphs.
    private struct BlockParser {
        var blocks: [WikiBlock] = []
        var paragraph: [String] = []
        var preformatted: [String] = []
        var table: TableParser?
        var numbering: [Int] = []

        mutating func add(_ line: Substring) {
            // Changed where it lies: a copy would copy its rows, at every line.
            if table != nil {
                if !table!.add(line), let ended = table.take() { blocks.append(contentsOf: ended.blocks()) }
                return
            }
            let trimmed = line.trimmingSpaces()
            // A table may be indented, or stand in a list item (`:{|`): its rows are read alike.
            if trimmed.drop(while: { ":*# ".contains($0) }).hasPrefix("{|") {
                endParagraph()
                table = TableParser()
                return
            }
            if !line.hasPrefix(" ") || trimmed.isEmpty { endPreformatted() }
            if trimmed.isEmpty {
                endParagraph()
                numbering = []
                return
            }
            if let level = headingLevel(line) {
                endParagraph()
                numbering = []
                let text = trimmed.dropFirst(level).dropLast(level).trimmingSpaces()
                blocks.append(.heading(level: level, WikiInline.runs(text)))
                return
            }
            if trimmed.hasPrefix("----") || (trimmed.hasPrefix("__") && trimmed.hasSuffix("__")) {
                endParagraph()
                return
            }
            if let first = line.first, "*#:;".contains(first) {
                endParagraph()
                listItem(line)
                return
            }
            if line.hasPrefix(" ") {
                endText()
                // Laid out as written, but MediaWiki reads its emphasis, links and entities as
                // in any line (`<pre>` and `<nowiki>` are for text shown exactly).
                preformatted.append(WikiInline.runs(String(line.dropFirst())).map(\.text).joined())
                return
            }
            numbering = []
            paragraph.append(String(line))
        }

        mutating func endParagraph() {
            endPreformatted()
            endText()
        }

        mutating func endText() {
            if !paragraph.isEmpty {
                let runs = WikiInline.runs(paragraph.joined(separator: " "))
                if !runs.isEmpty { blocks.append(.paragraph(indent: 0, marker: nil, runs)) }
                paragraph = []
            }
        }

        mutating func endPreformatted() {
            if !preformatted.isEmpty {
                blocks.append(.preformatted(preformatted))
                preformatted = []
            }
        }

        // `*` bullets, `#` numbers, `:` indents, `;` terms (with an optional `: definition`).
        mutating func listItem(_ line: Substring) {
            let prefix = line.prefix(while: { "*#:;".contains($0) })
            var text = line.dropFirst(prefix.count).trimmingSpaces()
            let depth = prefix.count
            numbering = Array(numbering.prefix(depth))
            while numbering.count < depth { numbering.append(0) }
            let last = prefix.last!
            var marker: String?
            switch last {
            case "*": marker = "•"
            case "#":
                numbering[depth - 1] += 1
                marker = "\(numbering[depth - 1])."
            default: marker = ""
            }
            if last != "#" { numbering[depth - 1] = 0 }
            if last == ";" {
                var definition: String?
                if let colon = WikiInline.topLevelColon(in: text) {
                    definition = String(text[text.index(after: colon)...]).trimmingSpaces()
                    text = String(text[..<colon]).trimmingSpaces()
                }
                let term = WikiInline.runs(text).map { run in
                    var bold = run
                    bold.bold = true
                    return bold
                }
                blocks.append(.paragraph(indent: depth - 1, marker: "", term))
                if let definition, !definition.isEmpty {
                    blocks.append(.paragraph(indent: depth, marker: "", WikiInline.runs(definition)))
                }
                return
            }
            let indent = last == ":" ? depth : depth - 1
            let runs = WikiInline.runs(text)
            if !runs.isEmpty || marker != "" { blocks.append(.paragraph(indent: indent, marker: marker, runs)) }
        }
    }

    // Collects one `{| … |}` table (nested tables are flattened into their cell).
    private struct TableParser {
        var caption: String?
        var rows: [[String]] = []
        var headerRows: Set<Int> = []
        var depth = 1

        // Takes a line; false once the table has ended.
        mutating func add(_ line: Substring) -> Bool {
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("{|") {
                depth += 1
                return true
            }
            if trimmed.hasPrefix("|}") {
                depth -= 1
                return depth > 0
            }
            if depth > 1 {
                appendToLastCell(String(trimmed.drop(while: { "|!".contains($0) })))
                return true
            }
            if trimmed.hasPrefix("|+") {
                caption = String(trimmed.dropFirst(2))
            } else if trimmed.hasPrefix("|-") {
                rows.append([])
            } else if trimmed.hasPrefix("!") {
                let cells = split(String(trimmed.dropFirst()), separator: "!!")
                if rows.isEmpty { rows.append([]) }
                headerRows.insert(rows.count - 1)
                rows[rows.count - 1] += cells
            } else if trimmed.hasPrefix("|") {
                let cells = split(String(trimmed.dropFirst()), separator: "||")
                if rows.isEmpty { rows.append([]) }
                rows[rows.count - 1] += cells
            } else if !trimmed.isEmpty {
                appendToLastCell(trimmed)
            }
            return true
        }

        mutating func appendToLastCell(_ text: String) {
            guard !text.isEmpty else { return }
            if rows.isEmpty { rows.append([]) }
            if rows[rows.count - 1].isEmpty {
                rows[rows.count - 1].append(text)
            } else {
                rows[rows.count - 1][rows[rows.count - 1].count - 1] += " " + text
            }
        }

        // Cells split at `||` (or `!!`), each without its `attributes |` part.
        func split(_ text: String, separator: String) -> [String] {
            text.components(separatedBy: separator).map { cell in
                let parts = WikiSource.splitParameters(cell)
                let content =
                    parts.count > 1 && !parts[0].contains("[[") ? parts.dropFirst().joined(separator: "|") : cell
                return content.trimmingSpaces()
            }
        }

        func blocks() -> [WikiBlock] {
            var blocks: [WikiBlock] = []
            if let caption, !caption.isEmpty {
                blocks.append(
                    .paragraph(
                        indent: 0, marker: nil,
                        WikiInline.runs(caption).map { run in
                            var bold = run
                            bold.bold = true
                            return bold
                        }))
            }
            var plain: [[String]] = []
            var header = false
            for (index, row) in rows.enumerated() where !row.isEmpty {
                if plain.isEmpty { header = headerRows.contains(index) }
                plain.append(
                    row.map { cell in
                        WikiInline.runs(cell).map(\.text).joined().replacingEvery("\n", with: " ")
                    })
            }
            if !plain.isEmpty { blocks.append(.table(rows: plain, header: header)) }
            return blocks
        }
    }
}
