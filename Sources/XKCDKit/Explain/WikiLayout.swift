/// Lays a ``WikiDocument`` out as terminal lines: wrapped to a width, styled, links as OSC 8
/// hyperlinks where the terminal shows them and as numbered footnotes elsewhere.
package struct WikiLayout: Sendable {
    /// Columns available.
    var width: Int
    /// Bold, italic and dim.
    var style: Style
    /// Whether links are written as OSC 8 hyperlinks.
    var hyperlinks: Bool

    /// Creates a layout.
    package init(width: Int, style: Style, hyperlinks: Bool) {
        self.width = max(20, width)
        self.style = style
        self.hyperlinks = hyperlinks && style.enabled
    }

    /// What a `[n]` mark at the end points at.
    private enum Footnote: Hashable {
        case link(String)
        case note(Int)
    }

    /// Footnotes in the order they are first marked, each numbered once.
    private struct Footnotes {
        var list: [Footnote] = []
        var numbers: [Footnote: Int] = [:]

        /// The number of `footnote` (from 1), listing it when it is new.
        mutating func number(of footnote: Footnote) -> Int {
            if let number = numbers[footnote] { return number }
            list.append(footnote)
            numbers[footnote] = list.count
            return list.count
        }
    }

    /// The lines of `document`, without trailing newlines. Footnote marks (`<ref>` notes, and
    /// links where hyperlinks are off) are numbered in order and listed under "Notes".
    package func lines(_ document: WikiDocument) -> [String] {
        var footnotes = Footnotes()
        var out: [String] = []
        var previous: WikiBlock?
        for block in document.blocks {
            if let previous, needsGap(between: previous, and: block) { out.append("") }
            out += lines(block, footnotes: &footnotes)
            previous = block
        }
        // A note's own links and marks join the list as it is written.
        var index = 0
        var listed: [String] = []
        while index < footnotes.list.count {
            let marker = "[\(index + 1)]"
            switch footnotes.list[index] {
            case let .link(url):
                listed += TextWrapper.wrap("\(marker) \(url)", width: width)
            case let .note(note):
                let runs = note < document.notes.count ? document.notes[note] : []
                listed += paragraph(runs, indent: 0, marker: marker, footnotes: &footnotes)
            }
            index += 1
        }
        if !listed.isEmpty { out += ["", style.bold("Notes")] + listed }
        return Array(out.drop(while: { $0 == "" }))
    }

    private func needsGap(between previous: WikiBlock, and block: WikiBlock) -> Bool {
        switch (previous, block) {
        case let (.paragraph(_, m1, _), .paragraph(_, m2, _)):
            return m1 == nil || m2 == nil
        default:
            return true
        }
    }

    private func lines(_ block: WikiBlock, footnotes: inout Footnotes) -> [String] {
        switch block {
        case let .heading(level, runs):
            let text = runs.map(\.text).joined().replacingEvery("\n", with: " ")
            let wrapped = TextWrapper.wrap(text, width: width).map { style.bold($0) }
            guard level <= 2 else { return wrapped }
            let rule = String(repeating: "─", count: min(width, max(1, DisplayWidth.of(text))))
            return wrapped + [style.dim(rule)]
        case let .paragraph(indent, marker, runs):
            return paragraph(runs, indent: indent, marker: marker, footnotes: &footnotes)
        case let .preformatted(lines):
            return lines.flatMap { TextWrapper.wrap($0, width: width, indent: "  ") }
        case let .table(rows, header):
            return table(rows, header: header)
        }
    }

    private struct Token {
        var text: String
        package var run: WikiRun
        var spaceBefore: Bool
        var isBreak = false
        var isMark = false
    }

    private func paragraph(_ runs: [WikiRun], indent: Int, marker: String?, footnotes: inout Footnotes) -> [String] {
        let lead = String(repeating: "  ", count: min(indent, 8))
        let first = lead + (marker.flatMap { $0.isEmpty ? nil : $0 + " " } ?? "")
        let rest = String(repeating: " ", count: DisplayWidth.of(first))
        var tokens: [Token] = []
        var pendingSpace = false
        for run in runs {
            for (lineIndex, line) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if lineIndex > 0 { tokens.append(Token(text: "", run: run, spaceBefore: false, isBreak: true)) }
                if line.first == " " { pendingSpace = true }
                for word in line.split(separator: " ") {
                    tokens.append(Token(text: String(word), run: run, spaceBefore: pendingSpace && !tokens.isEmpty))
                    pendingSpace = true
                }
                pendingSpace = line.isEmpty ? pendingSpace : line.last == " "
            }
            var footnote: Footnote?
            if let note = run.note {
                footnote = .note(note)
            } else if let url = run.url, !hyperlinks, run.text != url, let safe = Hyperlink.safeURL(url) {
                footnote = .link(safe)
            }
            if let footnote {
                let number = footnotes.number(of: footnote)
                tokens.append(Token(text: "[\(number)]", run: WikiRun(""), spaceBefore: false, isMark: true))
            }
        }
        let available = max(10, width - DisplayWidth.of(first))
        var lines: [String] = []
        var line = ""
        var used = 0
        func finish() {
            lines.append((lines.isEmpty ? first : rest) + line)
            line = ""
            used = 0
        }
        for token in tokens {
            if token.isBreak {
                finish()
                continue
            }
            let text = token.text
            let w = DisplayWidth.of(text)
            let gap = token.spaceBefore && used > 0 ? 1 : 0
            if used > 0, used + gap + w > available { finish() }
            if w > available {
                // A word wider than the line: cut into line-sized pieces in one pass.
                for piece in TextWrapper.pieces(text, first: available - used, rest: available) {
                    if used > 0 || !line.isEmpty { finish() }
                    line += styled(String(piece), token.run)
                    used = DisplayWidth.of(piece)
                }
                continue
            }
            if used > 0, token.spaceBefore {
                line += " "
                used += 1
            }
            line += token.isMark ? style.dim(text) : styled(text, token.run)
            used += w
        }
        if used > 0 || lines.isEmpty { finish() }
        return lines.map { $0.allSatisfy { $0 == " " } ? "" : $0 }
    }

    private func styled(_ text: String, _ run: WikiRun) -> String {
        guard !text.isEmpty else { return text }
        var out = text
        if run.italic { out = style.italic(out) }
        if run.bold { out = style.bold(out) }
        if hyperlinks, let url = run.url, let safe = Hyperlink.safeURL(url) {
            out = style.link(out, to: safe)
        }
        return out
    }

    private func table(_ rows: [[String]], header: Bool) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        let total = widths.reduce(0, +) + 2 * max(0, columns - 1)
        guard total <= width, columns > 0 else {
            // Too wide to align: one line per row, cells separated.
            return rows.flatMap { row in
                TextWrapper.wrap("• " + row.filter { !$0.isEmpty }.joined(separator: " · "), width: width)
            }
        }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            var line = ""
            for i in 0..<columns {
                let cell = i < row.count ? row[i] : ""
                let padding =
                    i == columns - 1 ? "" : String(repeating: " ", count: widths[i] - DisplayWidth.of(cell) + 2)
                line += (header && index == 0 ? style.bold(cell) : cell) + padding
            }
            lines.append(String(line.reversed().drop(while: { $0 == " " }).reversed()))
            if header, index == 0 { lines.append(style.dim(String(repeating: "─", count: total))) }
        }
        return lines
    }
}
