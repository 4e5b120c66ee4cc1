import CProcess
import XKCDKit

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

/// The terminal the program runs in, made once at start-up and passed down: which standard
/// descriptors are terminals, the environment that says what the terminal is, its size (asked
/// anew each time, so a resize counts), and its answer about graphics (asked once, kept).
struct Terminal: TerminalDescribing {
    let environment: Environment
    let stdinIsTTY = isatty(STDIN_FILENO) == 1
    let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    let stderrIsTTY = isatty(STDERR_FILENO) == 1
    /// Whether the terminal itself is asked before a move, to decide whether the picture
    /// follows: only in the REPL, which asks once and keeps the answer; elsewhere (a one-shot
    /// `next`, a script) the environment decides.
    private(set) var asksBeforeMoves = false
    /// The keys typed while the program talks to the terminal, shared by the copies.
    let typedKeys: TypedKeys
    // Shared by the copies: the terminal is asked once for all of them.
    private let probe: Lock<GraphicsProbe>

    /// The terminal on the standard descriptors, described by `environment`.
    init(environment: Environment) {
        self.environment = environment
        let keys = TypedKeys()
        typedKeys = keys
        probe = Lock(GraphicsProbe(keys: keys))
    }

    /// This terminal, asked before a move only when `asks`.
    func askingBeforeMoves(_ asks: Bool) -> Terminal {
        var terminal = self
        terminal.asksBeforeMoves = asks
        return terminal
    }

    var isTerminal: Bool { stdoutIsTTY }

    func drawsPixels(forced: ImageProtocol?) -> Bool {
        let asking: Asking = asksBeforeMoves ? .sixelOnly : .nothing
        let facts = probe.withLock {
            imageFacts(noColor: false, theme: .light, probe: $0, forced: forced, asking: asking)
        }
        return ImageProtocolChoice.choose(forced: forced, facts: facts).drawsPixels
    }

    func facts(forced: ImageProtocol?, theme: Theme, noColor: Bool) -> TerminalFacts {
        probe.withLock {
            imageFacts(noColor: noColor, theme: theme, probe: $0, forced: forced, asking: .everything)
        }
    }

    /// Colour only on a TTY whose TERM is set and not `dumb`.
    var stdoutSupportsColor: Bool {
        stdoutIsTTY && TerminalFacts.takesEscapes(term: environment["TERM"])
    }

    /// Whether stderr takes colour, as ``stdoutSupportsColor`` judges stdout.
    var stderrSupportsColor: Bool {
        stderrIsTTY && TerminalFacts.takesEscapes(term: environment["TERM"])
    }

    /// Rows: the terminal's height, else `LINES`, else 24.
    var rows: Int {
        if let size = Self.windowSize(), size.ws_row > 0 { return Int(size.ws_row) }
        if let lines = environment["LINES"].flatMap(Int.init), lines > 0 { return lines }
        return 24
    }

    /// Whether the terminal shows OSC 8 hyperlinks, judged from what it says about itself and,
    /// inside tmux, from whether tmux passes them on.
    var supportsHyperlinks: Bool {
        guard outsideSupportsHyperlinks else { return false }
        guard environment["TMUX"] != nil else { return true }
        let tmux = ExternalProgram.find("tmux", environment: environment)
        let features = tmux?.output(["display", "-p", "#{client_termfeatures}"])
        return Hyperlink.passedOnByTmux(clientTermFeatures: features)
    }

    // The terminal's own word, which inside tmux is the outer terminal's, inherited.
    private var outsideSupportsHyperlinks: Bool {
        guard stdoutSupportsColor else { return false }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio"].contains(program) { return true }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        let term = environment["TERM"] ?? ""
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || environment["WT_SESSION"] != nil {
            return true
        }
        return term.hasPrefix("foot") || term == "alacritty"
    }

    /// Columns: the terminal's width, else `COLUMNS`, else 80.
    var width: Int {
        columns(of: STDOUT_FILENO)
    }

    /// The width of the terminal stderr writes to, as ``width`` finds it; nil when stderr is
    /// not a terminal, whose lines are then not wrapped.
    var stderrWidth: Int? {
        stderrIsTTY ? columns(of: STDERR_FILENO) : nil
    }

    /// Writes `text` to the terminal the program runs from (`/dev/tty`), wherever the standard
    /// descriptors go; false when there is none to open.
    static func writeToControllingTerminal(_ text: String) -> Bool {
        let fd = open("/dev/tty", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            offset += n
        }
        return true
    }

    private func columns(of descriptor: Int32) -> Int {
        if let size = Self.windowSize(of: descriptor), size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    // What the terminal and tmux may be asked for image facts.
    private enum Asking {
        /// Nothing: the environment decides.
        case nothing
        /// Only whether the terminal speaks sixel, where nothing else would draw pixels:
        /// enough to decide whether a picture is drawn at all.
        case sixelOnly
        /// Whatever drawing needs: sixel, the background, tmux's passthrough and pane.
        case everything
    }

    // What an image renderer needs to know: size (and cell size in pixels where the terminal
    // reports it) asked anew, the environment, and, only when nothing else would draw the image
    // better than half-blocks, whether the terminal speaks sixel; the terminal and tmux are
    // asked only what `asking` allows.
    private func imageFacts(noColor: Bool, theme: Theme, probe: GraphicsProbe, forced: ImageProtocol?, asking: Asking)
        -> TerminalFacts
    {
        // The background matters only to drawing, and so does tmux's passthrough but for a forced picture.
        let theme = asking == .everything ? theme : .light
        let size = Self.windowSize()
        let columns = width
        let rows = self.rows
        var facts = TerminalFacts(
            environment: environment.all, isTTY: stdoutIsTTY, noColor: noColor,
            columns: columns, rows: rows)
        if let size, size.ws_xpixel > 0, size.ws_ypixel > 0, size.ws_col > 0, size.ws_row > 0 {
            facts.cellWidth = Int(size.ws_xpixel) / Int(size.ws_col)
            facts.cellHeight = Int(size.ws_ypixel) / Int(size.ws_row)
        }
        let wouldBe = ImageProtocolChoice.choose(forced: forced, facts: facts)
        // Inside tmux the terminal outside is asked through tmux's passthrough, where tmux allows it.
        let asksTmux =
            asking != .nothing && (forced?.drawsPixels == true || theme == .auto)
            || (asking == .everything && wouldBe == .blocks)
        let tmux =
            facts.environment["TMUX"] == nil || !asksTmux
            ? nil : ExternalProgram.find("tmux", environment: environment)
        if let tmux { facts.tmuxPassthrough = Self.passesGraphics(tmux) }
        let mayAsk =
            asking != .nothing && stdinIsTTY && stdoutIsTTY
            && TerminalFacts.takesEscapes(term: facts.environment["TERM"])
            && (facts.environment["TMUX"] == nil || facts.tmuxPassthrough == true)
        // NO_COLOR turns half-blocks into ASCII, but a sixel picture is not colour in text.
        let asksForSixel = forced == .sixel || (forced == nil && (wouldBe == .blocks || wouldBe == .ascii) && mayAsk)
        // The background is asked only when --theme leaves it to the terminal.
        let answer =
            (asksForSixel || theme == .auto) && mayAsk
            ? probe.answer(throughTmux: facts.environment["TMUX"] != nil) : nil
        if asksForSixel, let answer {
            facts.sixel = answer.sixel
            facts.colorRegisters = answer.colorRegisters
            facts.sixelMaxWidth = answer.maxWidth
            facts.sixelMaxHeight = answer.maxHeight
        }
        if asking == .everything {
            facts.darkBackground = theme.isDark(reported: answer?.background, environment: facts.environment)
            facts.background = answer?.background
        }
        if asking == .everything, wouldBe == .blocks, let tmux, stdoutIsTTY {
            let pane = facts.environment["TMUX_PANE"].map { ["-t", $0] } ?? []
            if let client = tmux.output(["display", "-p"] + pane + [TmuxPassthrough.clientColours]),
                let name = TmuxPassthrough.clientTerminal(display: client)
            {
                // tmux draws as the client's terminfo says; tput reads the same entry.
                let colours = ExternalProgram.find("tput", environment: environment)?.output(["-T", name, "colors"])
                    .flatMap { Int($0.trimmingSpacesAndNewlines()) }
                facts.tmuxColourNote = TmuxPassthrough.colourNote(display: client, colours: colours)
            }
        }
        if forced?.drawsPixels == true, let tmux, facts.tmuxPassthrough == true, stdoutIsTTY {
            let pane = facts.environment["TMUX_PANE"].map { ["-t", $0] } ?? []
            facts.tmuxPane = tmux.output(["display", "-p"] + pane + [TmuxPassthrough.Pane.format])
                .flatMap(TmuxPassthrough.Pane.init(display:))
            // The pane reports no pixel size; tmux knows the terminal's cells.
            if facts.cellWidth == nil || facts.cellHeight == nil {
                (facts.cellWidth, facts.cellHeight) = (facts.tmuxPane?.cellWidth, facts.tmuxPane?.cellHeight)
            }
        }
        return facts
    }

    // Whether the tmux server this process runs under passes escapes through to the terminal
    // outside (`allow-passthrough` on or all); nil when tmux cannot say.
    private static func passesGraphics(_ tmux: ExternalProgram) -> Bool? {
        switch tmux.output(["show", "-gv", "allow-passthrough"])?.trimmingSpacesAndNewlines() {
        case "on", "all": true
        case "off": false
        default: nil
        }
    }

    // Asked anew each time: a resize takes effect on the next command.
    private static func windowSize(of descriptor: Int32 = STDOUT_FILENO) -> winsize? {
        var size = winsize()
        return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
    }
}

/// Writes to stdout and stderr; the only place that prints.
final class Output: Sendable {
    private let terminal: Terminal
    private let errorStyle: Style
    private let json: Bool
    // The line of the script whose commands run now, which their errors name.
    private let scriptLine = Lock<Int?>(nil)

    /// Writes to `terminal`'s descriptors; colours the `error:` label only where stderr takes
    /// colour, and never with `noColor` or `NO_COLOR`; with `json`, each error is also a JSON
    /// document on stdout.
    init(_ terminal: Terminal, noColor: Bool, json: Bool = false) {
        self.terminal = terminal
        errorStyle = Style(
            enabled: !noColor && terminal.stderrSupportsColor && (terminal.environment["NO_COLOR"] ?? "").isEmpty)
        self.json = json
    }

    /// Writes `text` to stdout as is. Output that cannot be written ends the program: quietly
    /// where the reader closed the pipe (`xkcd … | head -1`), otherwise (a full disk, a closed
    /// stdout) with an error and status 1.
    /// Where `text` holds ``TmuxPassthrough/settle`` (a picture inside tmux), what comes
    /// before it is written first and, on a terminal, its answer awaited (for a moment at
    /// most) before the rest; elsewhere the question is left out.
    func write(_ text: String) {
        guard text.contains(TmuxPassthrough.settle) else {
            return terminal.stdoutIsTTY ? terminal.typedKeys.unechoed { writeWhole(text) } : writeWhole(text)
        }
        let parts = text.split(separator: TmuxPassthrough.settle, omittingEmptySubsequences: false)
        guard terminal.stdoutIsTTY else {
            for part in parts { writeWhole(String(part)) }
            return
        }
        terminal.typedKeys.unechoed {
            for (index, part) in parts.enumerated() {
                writeWhole(String(part))
                guard index < parts.count - 1 else { continue }
                _ = terminal.typedKeys.exchange(
                    TmuxPassthrough.settle, timeoutMilliseconds: 500, isComplete: TmuxPassthrough.isCursorReport)
            }
        }
    }

    private func writeWhole(_ text: String) {
        guard !text.isEmpty else { return }
        let failure = Self.writeAll(STDOUT_FILENO, Array(text.utf8))
        guard failure != 0 else { return }
        if failure == EPIPE { ProcessExit.now(ExitCode.success) }
        // Not through `error(_:)`, which with --json would write to stdout again.
        writeLabelled("error:", "cannot write the output: \(String(cString: strerror(failure)))")
        ProcessExit.now(ExitCode.failure)
    }

    /// Writes one `error: …` line to stderr (wrapped on a terminal, later lines under the
    /// message), after `line N:` while a script's line runs; with `--json`, also the error's
    /// document on stdout, with the comics it offers in `didYouMean`.
    func error(_ message: String, didYouMean: [ComicEntry] = []) {
        let line = scriptLine.withLock { $0 }
        writeLabelled("error:", line.map { "line \($0): \(message)" } ?? message)
        if json { write(Renderer.errorDocument(message, line: line, didYouMean: didYouMean)) }
    }

    /// Makes the errors written from now on name `line` of the script (nil: no line).
    func errorsName(line: Int?) {
        scriptLine.withLock { $0 = line }
    }

    /// Writes a notice line to stderr (wrapped on a terminal).
    func notice(_ message: String) {
        Self.writeAll(STDERR_FILENO, fitted(message, after: "").joined(separator: "\n") + "\n")
    }

    /// Writes `warning: message` to stderr: something was wrong, and the program went on.
    func warning(_ message: String) {
        writeLabelled("warning:", message)
    }

    /// Writes a question to stderr without a newline.
    func prompt(_ text: String) {
        Self.writeAll(STDERR_FILENO, text)
    }

    // `label` (coloured where errors are) and `message` after it.
    private func writeLabelled(_ label: String, _ message: String) {
        var lines = fitted(message, after: label + " ")
        lines[0] = errorStyle.error(label) + " " + lines[0].dropFirst(label.count + 1)
        Self.writeAll(STDERR_FILENO, lines.joined(separator: "\n") + "\n")
    }

    // `label` and `text` as the lines written to stderr: wrapped to the terminal's width (asked
    // anew, so a resize counts) when a line is wider; as they are in a pipe or a file, one line
    // a message for whoever reads it with grep.
    private func fitted(_ text: String, after label: String) -> [String] {
        let lines = (label + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let width = terminal.stderrWidth, lines.contains(where: { DisplayWidth.of($0) > width }) else {
            return lines
        }
        return TextWrapper.wrap(text, width: width, indent: String(repeating: " ", count: label.count), first: label)
    }

    /// Puts a descriptor that refuses writes where the program was started without stdin,
    /// stdout or stderr (`xkcd >&-`), so that no file the program opens takes that number:
    /// output meant for a closed stdout then fails (EBADF) instead of landing in a file.
    static func holdClosedStandardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            // open(2) takes the lowest free number, which is `fd`.
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != fd {
                dup2(held, fd)
                close(held)
            }
        }
    }

    /// Writes all of `text` to `fd` (stderr, where a failure has nowhere to be told). A closed
    /// pipe ends the program quietly.
    static func writeAll(_ fd: Int32, _ text: String) {
        if writeAll(fd, Array(text.utf8)) == EPIPE { ProcessExit.now(ExitCode.success) }
    }

    /// Writes all of `bytes` to `fd`, again where a signal interrupted the write or a
    /// non-blocking descriptor was full; returns 0, or the error that stopped it.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                    continue
                }
                return errno
            }
            offset += n
        }
        return 0
    }
}

// write(2), which `Output.write(_:)` hides inside the class.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Ends the process, after any libcurl load still running on another thread (exiting in the
/// middle of one can crash or hang the process).
enum ProcessExit {
    static func now(_ status: Int32) -> Never {
        xkcd_wait_if_ending_by_signal()
        xkcd_restore_terminal()
        CurlTransport.waitForPreload()
        exit(status)
    }
}
