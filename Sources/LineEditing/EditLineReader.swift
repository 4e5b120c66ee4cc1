import CEditLine

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

/// Reads command lines on a terminal with libedit's native API: emacs keys by default, `~/.editrc`
/// honoured (vi mode etc.), persistent history, Tab completion over whole lines, Ctrl-C abandoning the line.
///
/// `read(prompt:)` blocks in `el_gets`: call it from one thread (the main thread or a dedicated one),
/// never from Swift's cooperative pool. Between reads the terminal is back in its normal (cooked,
/// signal-generating) mode, so a Ctrl-C while a command runs arrives as SIGINT.
package final class EditLineReader: LineReader {
    private static let completeCommand = "xkcd-complete"
    private static let interruptCommand = "xkcd-interrupt"
    private static let suspendCommand = "xkcd-suspend"

    /// The most recent failure to read or write the history file; nil after a success.
    package private(set) var historyError: LineEditingError?

    private var editLine: OpaquePointer?
    private var libeditHistory: OpaquePointer?
    private var history: HistoryStore
    private var historyUnsaved = false
    private let completion: CompletionHandler
    // libedit keeps the pointer the prompt function returns, so the C string lives here until replaced.
    private var promptText: UnsafeMutablePointer<CChar>?
    private var interrupted = false

    /// Sets up libedit on standard input/output for `programName` (the name `~/.editrc` lines may be prefixed with),
    /// loading history from `historyFile` (capped at `historyLimit`). Tab calls `completion`.
    ///
    /// Throws `LineEditingError.notATerminal` when standard input is not a terminal: use `PlainLineReader` then.
    /// A history file that cannot be read is not fatal: history starts empty and `historyError` says why.
    package init(
        programName: String,
        historyFile: URL,
        historyLimit: Int = HistoryStore.defaultLimit,
        completion: @escaping CompletionHandler
    ) throws(LineEditingError) {
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal }
        // Without a UTF-8 LC_CTYPE, libedit drops every non-ASCII byte typed.
        _ = cel_prepare_locale()
        guard let editLine = cel_init(programName) else { throw .editorUnavailable }
        guard let libeditHistory = history_init() else {
            el_end(editLine)
            throw .editorUnavailable
        }
        self.editLine = editLine
        self.libeditHistory = libeditHistory
        self.history = HistoryStore(fileURL: historyFile, limit: historyLimit)
        self.completion = completion

        _ = cel_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = cel_set_prompt(
            editLine,
            { editLine in
                EditLineReader.reader(of: editLine)?.promptText
            }, CChar(TerminalText.promptIgnoreMarker.value))
        _ = cel_set_editor(editLine, "emacs")
        // No EL_SIGNAL: libedit would save the SIGINT/SIGTSTP/SIGWINCH/... handlers at each el_gets and
        // restore them after, silently undoing any handler installed meanwhile (libdispatch installs its
        // SIGINT handler for a DispatchSourceSignal asynchronously, so the app's Ctrl-C handling would be
        // lost at random). Ctrl-Z is handled below instead, and the size is re-read at each prompt and Tab.
        _ = cel_set_history(editLine, libeditHistory)
        _ = cel_add_function(
            editLine, Self.completeCommand, "Complete the command line",
            { editLine, _ in
                EditLineReader.reader(of: editLine)?.complete() ?? UInt8(CC_ERROR)
            })
        _ = cel_add_function(
            editLine, Self.interruptCommand, "Abandon the line",
            { editLine, _ in
                EditLineReader.reader(of: editLine)?.interrupt() ?? UInt8(CC_EOF)
            })
        _ = cel_add_function(
            editLine, Self.suspendCommand, "Suspend the program",
            { editLine, _ in
                EditLineReader.reader(of: editLine)?.suspend() ?? UInt8(CC_NORM)
            })
        // ~/.editrc may switch keymaps (`bind -v` resets them), so our keys are bound after it.
        _ = el_source(editLine, nil)
        _ = cel_bind(editLine, "^I", Self.completeCommand)
        for key in ["^C", "^Z"] {
            let command = key == "^C" ? Self.interruptCommand : Self.suspendCommand
            _ = cel_bind(editLine, key, command)
            _ = cel_bind_alternate(editLine, key, command)
        }
        // While editing, Ctrl-C and Ctrl-Z arrive as keys (bound above) instead of signals;
        // "-d" leaves the mode used between reads untouched, so commands still get SIGINT.
        _ = cel_settty(editLine, "-d", "-isig")

        _ = cel_history_set_size(libeditHistory, Int32(max(1, history.limit)))
        do {
            try history.load()
        } catch {
            historyError = error
        }
        mirrorHistory()
    }

    deinit {
        close()
    }

    /// Shows `prompt` (ANSI colour sequences in it are fine) and edits one line until Return, Ctrl-C or Ctrl-D.
    package func read(prompt: String) -> LineEvent {
        guard let editLine else { return .endOfFile }
        setPrompt(prompt)
        interrupted = false
        // el_gets prints the prompt before it switches to raw mode; keys typed in between
        // would be echoed twice by the terminal (and a Ctrl-D lost), so switch first.
        _ = cel_prepare_terminal(editLine, 1)
        var count: Int32 = 0
        let text = el_gets(editLine, &count)
        let failure = errno
        if interrupted {
            return .interrupt
        }
        if let text, count > 0 {
            var line = String(cString: text)
            if line.hasSuffix("\n") { line.removeLast() }
            return .line(line)
        }
        if count < 0, failure == EINTR {
            // A signal (not a key: keys do not raise signals while editing) cut the line short.
            cel_write(editLine, "\n")
            return .interrupt
        }
        // Ctrl-D leaves the cursor after "^D" on the prompt line; the shell's prompt belongs on a fresh one.
        cel_write(editLine, "\n")
        return .endOfFile
    }

    /// Records `line` in the history file (deduplicated, capped, written at once) and in libedit's Up/Down history.
    package func addHistory(_ line: String) {
        guard editLine != nil, HistoryStore.isRecordable(line) else { return }
        do {
            try history.append(line)
            historyError = nil
            historyUnsaved = false
        } catch {
            historyError = error
            historyUnsaved = true
        }
        mirrorHistory()
    }

    /// Saves history if an earlier write failed, then ends libedit, which restores the terminal. Safe to call twice.
    package func close() {
        guard let editLine else { return }
        if historyUnsaved {
            do {
                try history.save()
                historyUnsaved = false
            } catch {
                historyError = error
            }
        }
        el_end(editLine)
        self.editLine = nil
        if let libeditHistory {
            history_end(libeditHistory)
            self.libeditHistory = nil
        }
        free(promptText)
        promptText = nil
    }

    // MARK: - libedit callbacks

    private static func reader(of editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = cel_get_client_data(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    private func complete() -> UInt8 {
        guard let editLine, let (before, _) = lineAroundCursor() else { return UInt8(CC_ERROR) }
        let action = CompletionAction(completion: completion(before), textBeforeCursor: before)
        switch action {
        case let .edit(deleteScalars, insert):
            if deleteScalars > 0 { el_deletestr(editLine, Int32(deleteScalars)) }
            if !insert.isEmpty, el_insertstr(editLine, insert) != 0 { return UInt8(CC_REFRESH_BEEP) }
            return UInt8(CC_REFRESH)
        case let .list(candidates):
            listCandidates(candidates)
            return UInt8(CC_NORM)
        case .complete:
            return UInt8(CC_NORM)
        case .noMatch:
            return UInt8(CC_ERROR)
        }
    }

    private func interrupt() -> UInt8 {
        moveBelowLine(then: "^C")
        interrupted = true
        // CC_EOF ends el_gets with nothing; `interrupted` tells `read` it was Ctrl-C, not Ctrl-D.
        return UInt8(CC_EOF)
    }

    private func suspend() -> UInt8 {
        guard let editLine else { return UInt8(CC_NORM) }
        moveBelowLine(then: "")
        _ = cel_prepare_terminal(editLine, 0)
        // Stops here until SIGCONT (`fg`); returns at once if SIGTSTP is ignored or the process group is orphaned.
        kill(getpid(), SIGTSTP)
        _ = cel_prepare_terminal(editLine, 1)
        el_resize(editLine)
        _ = cel_refresh(editLine)
        return UInt8(CC_NORM)
    }

    // MARK: - Drawing

    private func listCandidates(_ candidates: [String]) {
        guard let editLine else { return }
        // Without EL_SIGNAL libedit learns of a resize only at the next prompt; the listing needs the width now
        // (and is followed by a full redraw, which suits el_resize's fresh display buffers).
        el_resize(editLine)
        let columns = Int(cel_terminal_number(editLine, "co"))
        let screenRows = Int(cel_terminal_number(editLine, "li"))
        let lines = CandidateLayout.lines(for: candidates, width: columns > 0 ? columns : 80)
        moveBelowLine(then: "")
        var show = true
        if lines.count >= (screenRows > 0 ? screenRows : 24) - 1 {
            cel_write(editLine, "Display all \(candidates.count) possibilities? (y or n) ")
            var answer: CChar = 0
            show = el_getc(editLine, &answer) == 1 && "yY ".utf8.contains(UInt8(bitPattern: answer))
            cel_write(editLine, "\r\n")
        }
        if show {
            cel_write(editLine, lines.map { $0 + "\r\n" }.joined())
        }
        // Redraw prompt and line on the fresh line below the listing.
        _ = cel_refresh(editLine)
    }

    // Leaves the terminal cursor at the start of the line below the edited text, after printing `marker`.
    // Rewriting the text after the cursor moves the cursor to the end of the line, however many rows it wraps over.
    private func moveBelowLine(then marker: String) {
        guard let editLine, let (_, after) = lineAroundCursor() else { return }
        cel_write(editLine, TerminalText.caretNotation(after) + marker + "\r\n")
    }

    private func lineAroundCursor() -> (before: String, after: String)? {
        guard let editLine, let info = el_line(editLine)?.pointee,
            let buffer = info.buffer, let cursor = info.cursor, let last = info.lastchar
        else { return nil }
        let before = UnsafeRawBufferPointer(start: buffer, count: max(0, cursor - buffer))
        let after = UnsafeRawBufferPointer(start: cursor, count: max(0, last - cursor))
        return (String(decoding: before, as: UTF8.self), String(decoding: after, as: UTF8.self))
    }

    // MARK: - State

    private func setPrompt(_ prompt: String) {
        free(promptText)
        promptText = strdup(TerminalText.markingEscapes(inPrompt: prompt))
    }

    private func mirrorHistory() {
        guard let libeditHistory else { return }
        _ = cel_history_clear(libeditHistory)
        for entry in history.entries {
            _ = cel_history_enter(libeditHistory, entry)
        }
    }
}

/// Why line editing or its history could not do what was asked.
package enum LineEditingError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// Standard input is not a terminal, so there is nothing to edit on.
    case notATerminal
    /// libedit could not be initialised.
    case editorUnavailable
    /// The history file exists but could not be read.
    case historyUnreadable(path: String, reason: String)
    /// The history file could not be written.
    case historyUnwritable(path: String, reason: String)

    /// A one-line, lower-case message naming what went wrong.
    package var description: String {
        switch self {
        case .notATerminal:
            "standard input is not a terminal"
        case .editorUnavailable:
            "cannot initialise line editing (libedit)"
        case let .historyUnreadable(path, reason):
            "cannot read history file \(path): \(reason)"
        case let .historyUnwritable(path, reason):
            "cannot write history file \(path): \(reason)"
        }
    }

    /// The same message as `description`, for `localizedDescription`.
    package var errorDescription: String? { description }
}
