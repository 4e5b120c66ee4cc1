/// One block of a rendered wiki page.
package enum WikiBlock: Sendable, Equatable {
    /// A section heading (`== … ==` is level 2).
    case heading(level: Int, [WikiRun])
    /// A paragraph (`marker` nil) or list item: `indent` levels deep, led by `marker` (`•`, `1.`,
    /// or empty for indents and terms).
    case paragraph(indent: Int, marker: String?, [WikiRun])
    /// Preformatted lines, shown as written.
    case preformatted([String])
    /// A table: rows of plain cells; `header` when the first row holds headings.
    case table(rows: [[String]], header: Bool)
}
