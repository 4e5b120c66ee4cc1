/// Lays completion candidates out in columns, `ls`-style (down, then across), to fit a terminal width.
enum CandidateLayout {
    /// The gap between columns.
    static let gutter = 2

    /// The listing's lines, without trailing spaces or newlines; candidates are neutralised for display.
    static func lines(for candidates: [String], width: Int) -> [String] {
        let items = candidates.map(TerminalText.neutralized)
        guard !items.isEmpty else { return [] }
        let widths = items.map(TerminalText.width(of:))
        let widest = widths.max() ?? 0
        let columnWidth = widest + gutter
        let columns = max(1, min(items.count, (max(1, width) + gutter) / max(1, columnWidth)))
        let rows = (items.count + columns - 1) / columns
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < items.count else { break }
                line += items[index]
                let isLast = column == columns - 1 || index + rows >= items.count
                if !isLast {
                    line += String(repeating: " ", count: columnWidth - widths[index])
                }
            }
            lines.append(line)
        }
        return lines
    }
}
