/// A source of command lines.
package protocol LineReader: AnyObject {
    /// Shows `prompt` (where the reader has a screen) and blocks until a line, an interrupt or the end of input.
    func read(prompt: String) -> LineEvent
    /// Records an entered line in history (no-op for plain readers).
    func addHistory(_ line: String)
    /// Persists history and restores the terminal.
    func close()
}

/// What one read from the terminal produced.
package enum LineEvent: Equatable, Sendable {
    /// A line the user entered, without its trailing newline.
    case line(String)
    /// Ctrl-C while typing: the line was abandoned.
    case interrupt
    /// Ctrl-D on an empty line, or the end of input.
    case endOfFile
}

/// What Tab should do, computed by a pure completer elsewhere (XKCDKit's `Completion` holds the
/// same values): how many characters (Swift `Character`s) before the cursor to delete, the
/// text to insert in their place, every match, for listing when Tab cannot decide, and a line
/// saying why nothing can match, if one is worth showing.
package typealias LineCompletion = (replaceCount: Int, insertion: String, candidates: [String], note: String?)

/// Called with the text before the cursor; returns what Tab should do.
package typealias CompletionHandler = @Sendable (_ textBeforeCursor: String) -> LineCompletion

/// What the Tab key does with a `LineCompletion`, translated into libedit's units.
enum CompletionAction: Equatable {
    /// Delete `deleteScalars` Unicode scalars before the cursor (libedit's wide characters), then insert `insert`.
    case edit(deleteScalars: Int, insert: String)
    /// Nothing to change and several matches: list them.
    case list([String])
    /// Nothing to change and a single match: the word is already complete.
    case complete
    /// No match, and a line saying why: show it below the line.
    case note(String)
    /// No match at all: beep.
    case noMatch

    /// Decides what to do with `completion`, given the text before the cursor it was computed from.
    init(completion: LineCompletion, textBeforeCursor: String) {
        let replaceCount = min(max(0, completion.replaceCount), textBeforeCursor.count)
        let replaced = textBeforeCursor.suffix(replaceCount)
        let insertion = TerminalText.withoutControlCharacters(completion.insertion)
        if String(replaced) != insertion {
            self = .edit(deleteScalars: replaced.unicodeScalars.count, insert: insertion)
        } else if completion.candidates.count >= 2 {
            self = .list(completion.candidates)
        } else if completion.candidates.count == 1 {
            self = .complete
        } else if let note = completion.note {
            self = .note(TerminalText.withoutControlCharacters(note))
        } else {
            self = .noMatch
        }
    }

    /// The text before the cursor once this action is applied (what libedit will hold).
    func applied(to textBeforeCursor: String) -> String {
        guard case let .edit(deleteScalars, insert) = self else { return textBeforeCursor }
        var scalars = textBeforeCursor.unicodeScalars
        scalars.removeLast(min(deleteScalars, scalars.count))
        return String(scalars) + insert
    }
}

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
