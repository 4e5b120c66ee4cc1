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
/// `read(prompt:)` blocks in `el_gets`: make one call at a time, never from Swift's cooperative
/// pool; which thread makes it may change from one line to the next, as libedit keeps its
/// state in the `EditLine`, not in the thread. Between reads the terminal is back in its normal (cooked,
/// signal-generating) mode, so a Ctrl-C while a command runs arrives as SIGINT.
package final class EditLineReader: LineReader {
    private static let completeCommand = "xkcd-complete"
    private static let interruptCommand = "xkcd-interrupt"
    private static let suspendCommand = "xkcd-suspend"

    /// The most recent failure to read or write the history file; nil after a success.
    private(set) var historyError: LineEditingError?

    /// Keys typed ahead that the program read off the terminal (among a terminal's answer),
    /// taken before each prompt and edited as if typed there, ahead of what the terminal holds.
    package var typedAhead: (@Sendable () -> [UInt8])?

    /// Called as soon as a line is read, before the terminal is handed on: keys typed from then
    /// on are not echoed where it turns echo off, but shown at the next prompt.
    package var lineRead: (@Sendable () -> Void)?

    private var editLine: OpaquePointer?
    private var libeditHistory: OpaquePointer?
    private var history: HistoryStore
    private var historyUnsaved = false
    private let completion: CompletionHandler
    // libedit keeps the pointer the prompt function returns, so the C string lives here until replaced.
    private var promptText: UnsafeMutablePointer<CChar>?
    private var interrupted = false
    // The terminal opened for drawing where stdout is not one; nil: libedit draws on stdout.
    private var terminalOutput: UnsafeMutablePointer<FILE>?

    /// Sets up libedit on standard input/output for `programName` (the name `~/.editrc` lines may be prefixed with),
    /// loading history from `historyFile` (capped at `historyLimit`). Tab calls `completion`. Where stdout is not
    /// a terminal (`xkcd | tee log`), the prompt and the line being edited are drawn on the terminal (`/dev/tty`)
    /// instead, and stdout gets only what the program writes there.
    ///
    /// Throws `LineEditingError.notATerminal` when standard input is not a terminal, or stdout is not and the
    /// terminal cannot be opened: use `PlainLineReader` then.
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
        // libedit edits only when it draws on a terminal: on a pipe it would leave the terminal
        // raw without echo, Ctrl-C and Ctrl-D arriving as characters.
        var terminalOutput: UnsafeMutablePointer<FILE>?
        if isatty(STDOUT_FILENO) != 1 {
            guard let terminal = fopen("/dev/tty", "we") else { throw .notATerminal }
            terminalOutput = terminal
        }
        guard let editLine = cel_init(programName, terminalOutput) else {
            if let terminalOutput { fclose(terminalOutput) }
            throw .editorUnavailable
        }
        guard let libeditHistory = history_init() else {
            el_end(editLine)
            if let terminalOutput { fclose(terminalOutput) }
            throw .editorUnavailable
        }
        self.terminalOutput = terminalOutput
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
        if let keys = typedAhead?().filter({ $0 != 0 }), !keys.isEmpty {
            el_push(editLine, String(decoding: keys, as: UTF8.self))
        }
        var count: Int32 = 0
        let text = el_gets(editLine, &count)
        let failure = errno
        if interrupted {
            return .interrupt
        }
        if let text, count > 0 {
            lineRead?()
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
        if let terminalOutput {
            fclose(terminalOutput)
            self.terminalOutput = nil
        }
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
        case let .note(line):
            moveBelowLine(then: "")
            cel_write(editLine, line + "\r\n")
            _ = cel_refresh(editLine)
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
        // Sent to this thread, unblocked here (a dispatch thread blocks it): sent to the process, it may reach
        // another thread after this one has gone on to redraw the line and set raw mode, which the shell then
        // finds and replaces with its own modes, and `fg` brings back no prompt in cooked mode.
        var stop = sigset_t()
        var before = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &stop, &before)
        raise(SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, nil)
        pthread_sigmask(SIG_SETMASK, &before, nil)
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

/// The REPL's command history: a plain-text file with one entry per line, oldest first,
/// deduplicated (re-entering a line moves it to the end), capped, written atomically with mode 0600.
/// Trailing whitespace is not kept, so "goto 353 " (as Tab completion leaves it) and "goto 353" are one entry.
///
/// libedit's own `H_SAVE` writes an escaped format and `H_SETUNIQUE` only drops consecutive
/// duplicates, so the file is ours and libedit only gets a mirror of `entries`.
struct HistoryStore: Equatable, Sendable {
    /// How many entries are kept unless told otherwise.
    static let defaultLimit = 1000

    /// The history file.
    let fileURL: URL
    /// The most entries kept; the oldest are dropped first.
    let limit: Int
    /// The entries, oldest first, without duplicates.
    private(set) var entries: [String]

    /// Creates a store for `fileURL` holding `entries` (normalised: invalid lines dropped,
    /// deduplicated, capped); nothing is read yet.
    init(fileURL: URL, limit: Int = HistoryStore.defaultLimit, entries: [String] = []) {
        self.fileURL = fileURL
        self.limit = max(0, limit)
        self.entries = Self.normalized(entries, limit: max(0, limit))
    }

    /// Whether `line` is worth remembering: not empty or blank, and free of control characters
    /// (newlines, tabs, escapes).
    static func isRecordable(_ line: String) -> Bool {
        var sawVisible = false
        for scalar in line.unicodeScalars {
            if scalar.properties.generalCategory == .control { return false }
            if !scalar.properties.isWhitespace { sawVisible = true }
        }
        return sawVisible
    }

    /// Keeps the recordable lines, each only at its last occurrence, and at most the newest `limit` of them.
    static func normalized(_ lines: [String], limit: Int) -> [String] {
        var seen = Set<String>()
        var kept: [String] = []
        for line in lines.reversed().lazy.map(withoutTrailingWhitespace) where kept.count < limit {
            if isRecordable(line), seen.insert(line).inserted {
                kept.append(line)
            }
        }
        return kept.reversed()
    }

    /// Adds `line` in memory only (no I/O): an equal entry moves to the end and the oldest entries go past `limit`.
    /// Returns false when the line is not recordable.
    @discardableResult
    mutating func record(_ line: String) -> Bool {
        let line = Self.withoutTrailingWhitespace(line)
        guard limit > 0, Self.isRecordable(line) else { return false }
        if let existing = entries.firstIndex(of: line) {
            entries.remove(at: existing)
        }
        entries.append(line)
        if entries.count > limit {
            entries.removeFirst(entries.count - limit)
        }
        return true
    }

    /// Replaces `entries` with the file's contents; a missing file means no history.
    mutating func load() throws(LineEditingError) {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            entries = []
            return
        } catch {
            throw .historyUnreadable(path: fileURL.path, reason: Self.reason(error))
        }
        entries = Self.normalized(Self.parse(data), limit: limit)
    }

    /// Records `line` and saves at once, first merging in what other sessions saved meanwhile.
    /// Sessions appending at once take turns, by a lock on `history.lock` beside the file, so
    /// that none saves over a line another merged and saved meanwhile. A line that is not
    /// recordable changes nothing and writes nothing.
    mutating func append(_ line: String) throws(LineEditingError) {
        guard Self.isRecordable(line) else { return }
        let lock = Self.lock(beside: fileURL)
        defer { if lock >= 0 { close(lock) } }
        var merged = self
        if (try? merged.load()) != nil {
            self = merged
        }
        guard record(line) else { return }
        try save()
    }

    // The lock file's descriptor, held exclusively until it is closed; -1 where it cannot be
    // made (an unwritable directory, where saving fails anyway and says why).
    private static func lock(beside file: URL) -> Int32 {
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return -1 }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return descriptor
    }

    /// Writes `entries` to the file atomically (a temporary file renamed over it), with mode 0600.
    /// A file that is a symbolic link stays one: the file it leads to is written.
    func save() throws(LineEditingError) {
        let path = Self.linkTarget(of: fileURL.path)
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .historyUnwritable(path: path, reason: Self.reason(error))
        }
        var contents = entries.joined(separator: "\n")
        if !entries.isEmpty { contents += "\n" }

        // mkstemp creates the file 0600, so the history is never readable by others, even briefly.
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .historyUnwritable(path: path, reason: Self.lastErrno()) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if fchmod(fd, 0o600) != 0 { failure = Self.lastErrno() }
        if failure == nil { failure = Self.writeAll(Array(contents.utf8), to: fd) }
        if close(fd) != 0, failure == nil { failure = Self.lastErrno() }
        if failure == nil, rename(temporaryPath, path) != 0 { failure = Self.lastErrno() }
        if let failure {
            unlink(temporaryPath)
            throw .historyUnwritable(path: path, reason: failure)
        }
    }

    // Where the links at `path` lead, however many and whether or not the last exists yet: a
    // relative target is read from the link's folder.
    private static func linkTarget(of path: String) -> String {
        var path = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
            path =
                target.hasPrefix("/")
                ? target : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return path
    }

    private static func withoutTrailingWhitespace(_ line: String) -> String {
        var scalars = line.unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace, last.properties.generalCategory != .control {
            scalars.removeLast()
        }
        return String(scalars)
    }

    private static func parse(_ data: Data) -> [String] {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { bytes in
            var line = bytes[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return String(decoding: line, as: UTF8.self)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return lastErrno()
            }
            offset += written
        }
        return nil
    }

    private static func lastErrno() -> String {
        String(cString: strerror(errno))
    }

    /// The system's words for why a file operation failed ("Permission denied"), else the error's own.
    private static func reason(_ error: any Error) -> String {
        if let posix = ((error as? CocoaError)?.underlying ?? error) as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// Pure helpers for text that goes to the terminal: display widths, neutralising control
/// characters, and marking a prompt's escape sequences as invisible for libedit.
enum TerminalText {
    /// The character libedit's `EL_PROMPT_ESC` is told brackets non-printing prompt text.
    static let promptIgnoreMarker: Unicode.Scalar = "\u{01}"

    /// The number of terminal columns `text` occupies (East Asian wide and emoji count 2, combining marks 0).
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The number of terminal columns one scalar occupies; control characters count 2, as libedit shows them as `^X`.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control:
            return 2
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation || isEastAsianWide(scalar.value) { return 2 }
        return 1
    }

    /// `text` with control characters and bidirectional overrides replaced by U+FFFD, so text from
    /// elsewhere (comic titles) can neither move the cursor nor reorder the screen.
    static func neutralized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// `text` as libedit draws it: control characters become `^X` (or `^?` for DEL).
    static func caretNotation(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            } else if scalar.value == 0x7F {
                result.append(contentsOf: "^?".unicodeScalars)
            } else if scalar.properties.generalCategory == .control {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with every control character removed (for text about to be inserted into the line).
    static func withoutControlCharacters(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .control {
            result.append(scalar)
        }
        return String(result)
    }

    /// `prompt` with each ANSI escape sequence (CSI, OSC, two-byte ESC) wrapped in
    /// `promptIgnoreMarker`s, so libedit does not count colours towards the prompt's width.
    static func markingEscapes(inPrompt prompt: String) -> String {
        let scalars = Array(prompt.unicodeScalars.filter { $0 != promptIgnoreMarker })
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            let end = escapeSequenceEnd(in: scalars, from: index)
            result.append(promptIgnoreMarker)
            result.append(contentsOf: scalars[index..<end])
            result.append(promptIgnoreMarker)
            index = end
        }
        return String(result)
    }

    /// The visible width of a prompt, ignoring its escape sequences.
    static func width(ofPrompt prompt: String) -> Int {
        var visible = ""
        var hidden = false
        for scalar in markingEscapes(inPrompt: prompt).unicodeScalars {
            if scalar == promptIgnoreMarker {
                hidden.toggle()
            } else if !hidden {
                visible.unicodeScalars.append(scalar)
            }
        }
        return width(of: visible)
    }

    // Returns the index just past the escape sequence starting at `start` (an ESC).
    private static func escapeSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[":
            index += 1
            while index < scalars.count {
                let value = scalars[index].value
                index += 1
                if (0x40...0x7E).contains(value) { break }
            }
            return index
        case "]":
            index += 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                    return index + 2
                }
                index += 1
            }
            return index
        default:
            return index + 1
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return scalar.properties.generalCategory == .control
        }
    }

    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
