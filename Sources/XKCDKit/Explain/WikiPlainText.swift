#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
