import Dispatch
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

/// Parses lines, runs their commands on the session, and hands what they produce to the
/// renderer and, where an outcome asks, to the pager, the clipboard or the opener.
@MainActor
final class CommandRunner {
    /// What running a line came to.
    struct Result {
        var failed = false
        var usageError = false
        var quit = false

        /// One-shot: 2 for a usage error, 1 for a failure. Scripts and `-c`: 1 for either.
        func exitCode(oneShot: Bool) -> Int32 {
            if usageError { return oneShot ? ExitCode.usage : ExitCode.failure }
            return failed ? ExitCode.failure : ExitCode.success
        }

        mutating func merge(_ other: Result) {
            failed = failed || other.failed
            usageError = usageError || other.usageError
            quit = quit || other.quit
        }
    }

    private let openSession: (LiveSettings) throws -> Session
    private var opened: Session?
    /// The renderer as the terminal allows it, decided at start; the width is asked anew and
    /// the `color` setting applied for each outcome.
    private let terminalRenderer: Renderer
    /// The settings the command line gave and `set` changed before the session opened.
    private var settings: LiveSettings
    private let terminal: Terminal
    private let output: Output
    private let interrupts: Interrupts
    private let handoff: SystemHandoff
    /// Says so on the terminal when a command waits long on a request; nil where no one is told.
    private let waiting: RequestNotice?
    /// Asks a yes/no question on the terminal, given as the lines to print before the answer
    /// and the last line, which the answer follows; nil when there is no one to ask (scripts),
    /// and the command goes ahead.
    var ask: ((_ before: [String], _ last: String) async -> Bool)?
    /// Whether echo is off while a command runs (the REPL's, whose line editor shows what was
    /// typed meanwhile at the next prompt).
    var holdsEchoWhileRunning = false

    /// Whether `answer`, typed to an ``ask`` question, says yes (`y` or `yes`, any case).
    static func saysYes(_ answer: String?) -> Bool {
        ["y", "yes"].contains((answer ?? "").trimmingSpaces().lowercased())
    }

    /// A runner over `opened`, or the session `openSession` makes on first use: a script with
    /// no commands, or a failed parse, never touches the database.
    init(
        opened: Session? = nil, openSession: @escaping (LiveSettings) throws -> Session, renderer: Renderer,
        settings: Settings,
        terminal: Terminal, output: Output,
        interrupts: Interrupts, handoff: SystemHandoff, waiting: RequestNotice? = nil
    ) {
        self.waiting = waiting
        self.opened = opened
        self.openSession = openSession
        terminalRenderer = renderer
        self.settings = LiveSettings(settings)
        self.terminal = terminal
        self.output = output
        self.interrupts = interrupts
        self.handoff = handoff
    }

    /// A renderer for the next outcome, in colour where the `color` setting says so.
    func renderer() -> Renderer {
        var renderer = terminalRenderer
        renderer.width = max(20, terminal.width)
        if !(opened?.allowsColor ?? settings.current.color) {
            renderer.style = Style(enabled: false)
            renderer.hyperlinks = false
        }
        return renderer
    }

    /// The session, opening the store the first time.
    func session() throws -> Session {
        if let opened { return opened }
        let session = try openSession(settings)
        opened = session
        return session
    }

    /// Runs a line of `;`-separated commands in order, stopping at `quit`. A command that does
    /// not parse is reported in its place and the others still run.
    func run(line: String) async -> Result {
        let commands: [Swift.Result<Command, UsageError>]
        do {
            commands = try CommandParser.parse(line: line)
        } catch {
            output.error(error.message)
            return Result(failed: true, usageError: true)
        }
        var result = Result()
        for command in commands {
            if result.quit || interrupts.stopped { break }
            switch command {
            case let .success(command): result.merge(await run(command))
            case let .failure(error):
                output.error(error.message)
                result.merge(Result(failed: true, usageError: true))
            }
        }
        return result
    }

    /// Runs one command given as separate words (one-shot).
    func run(words: [String]) async -> Result {
        do {
            return await run(try CommandParser.parse(words: words))
        } catch {
            output.error(error.message)
            return Result(failed: true, usageError: true)
        }
    }

    private func run(_ command: Command) async -> Result {
        // In the REPL the command owns the terminal while it runs; elsewhere a question to the
        // terminal on the way holds echo off until the output is written.
        if holdsEchoWhileRunning { terminal.typedKeys.holdEcho(forCommand: true) }
        defer {
            terminal.typedKeys.settleLateAnswers()
            if holdsEchoWhileRunning {
                terminal.typedKeys.handEchoToLineEditor()
            } else {
                terminal.typedKeys.releaseEcho(endingCommand: true)
            }
        }
        var outcome: Outcome
        do {
            // Help, quit and the settings need no store: they work even when the data directory
            // does not, so that `set --save data-dir` can mend it.
            switch command {
            case let .help(topic): outcome = .help(topic)
            case .quit: outcome = .quit
            case .config where opened == nil: outcome = settings.configuration()
            case let .set(key, value, save) where opened == nil:
                outcome = try settings.change(key, to: value, save: save)
            default:
                let session = try session()
                outcome = try await waitingOn(command) { try await session.run(command) }
            }
            if case let .confirmation(confirmation) = outcome, let session = opened {
                terminal.typedKeys.releaseEcho(endingCommand: true)
                guard await answer(confirmation) else {
                    output.notice(confirmation.declined)
                    return Result()
                }
                outcome = try await waitingOn(confirmation.command) { try await session.run(confirmation.command) }
            }
        } catch XKCDError.cancelled {
            output.notice("cancelled")
            return Result(failed: true)
        } catch {
            output.error(XKCDError.message(for: error), didYouMean: XKCDError.didYouMean(in: error))
            return Result(failed: true)
        }
        if case .quit = outcome { return Result(quit: true) }
        let renderer = renderer()
        let handed = hand(outcome, text: renderer.render(outcome), json: renderer.json)
        return Result(failed: !handed || Self.countsAsFailed(outcome))
    }

    // Runs `command` on the session, Ctrl-C cancelling it, with the notice of a slow request
    // drawn meanwhile (a sync draws its own progress instead) and erased before anything else
    // is printed.
    private func waitingOn(
        _ command: Command, _ operation: @escaping @Sendable () async throws -> Outcome
    ) async throws -> Outcome {
        if case .sync = command { return try await interrupts.cancelling(operation) }
        waiting?.start()
        defer { waiting?.stop() }
        return try await interrupts.cancelling(operation)
    }

    // Choices instead of a comic, and a sync that missed comics, end with status 1.
    private static func countsAsFailed(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .choices: true
        case let .synced(summary): !summary.isComplete
        default: false
        }
    }

    // Asks `confirmation`'s question where someone can answer; yes where no one can.
    private func answer(_ confirmation: Confirmation) async -> Bool {
        guard let ask else { return true }
        // The question wraps to the terminal, leaving room for " [y/N] " and the answer.
        let renderer = renderer()
        let lines = TextWrapper.wrap(renderer.question(confirmation) + " [y/N]", width: max(20, renderer.width - 4))
        return await ask(Array(lines.dropLast()), (lines.last ?? "") + " ")
    }

    // Prints `text`, and passes it on where the outcome asks: the pager, the clipboard, the
    // opener. Returns false when a requested hand-off was impossible.
    private func hand(_ outcome: Outcome, text: String, json: Bool) -> Bool {
        switch outcome {
        case .explanation:
            if json {
                output.write(text)
                return true
            }
            terminal.typedKeys.releaseEcho(endingCommand: true)
            switch interrupts.handingOverTheTerminal({ handoff.page(text) }) {
            case .paged:
                break
            case .printInstead:
                output.write(text)
            case let .pagerMissing(name):
                output.write(text)
                output.notice("note: PAGER names \(name), which is not here — printed instead")
            }
        case let .shared(result):
            output.write(text)
            if result.copy {
                let copied = handoff.copy(result.text)
                if let error = copied.error {
                    output.error(error)
                    return false
                }
                if let notice = copied.notice { output.notice(notice) }
            }
            if result.open { return open(result.openURL, printing: nil) }
        case let .newComics(report, notify):
            output.write(text)
            if notify, !report.comics.isEmpty {
                let count = report.comics.count
                let title = "xkcd: \(count) new \(count == 1 ? "comic" : "comics")"
                let body = report.names(first: 5).joined(separator: "\n")
                guard handoff.notify(title: title, body: body) else {
                    output.error("cannot raise a notification: no notify-send or osascript here (or it failed)")
                    return false
                }
            }
        case let .open(url):
            if json {
                output.write(text)
            } else {
                return open(url, printing: text)
            }
        case .comic, .alt, .transcript, .history, .choices, .favoriteAdded, .favoriteRemoved, .favorites, .imported,
            .image, .saved, .cacheStats, .cacheCleared, .synced, .searchResults, .moreHits, .unread, .help, .quit,
            .card,
            .confirmation, .settings, .settingChanged:
            output.write(text)
        }
        return true
    }

    // Opens `url`; where nothing can, prints `text` (when given) and says how to make it work.
    // Returns false when a program was there and failed.
    private func open(_ url: String, printing text: String?) -> Bool {
        terminal.typedKeys.releaseEcho(endingCommand: true)
        switch interrupts.handingOverTheTerminal({ handoff.open(url) }) {
        case .opened:
            output.notice("opened \(url)")
            return true
        case let .nothingToOpenWith(missing):
            if let text { output.write(text) }
            let named = missing.isEmpty ? "" : " (BROWSER names \(missing.joined(separator: ", ")), not found on PATH)"
            output.notice(
                "nothing here opens web pages\(named): set BROWSER (e.g. BROWSER=w3m) or install xdg-utils")
            return true
        case let .failed(programs):
            output.error("cannot open \(url): \(programs.joined(separator: ", ")) failed")
            return false
        }
    }
}

/// Ctrl-C (SIGINT) handling. It cancels the task running the command (``cancelling(_:)``); in
/// the REPL the prompt comes back. Elsewhere it also stops the run, which ends with status 130
/// once the command has kept what it finished (a sync stores what arrived); a second Ctrl-C
/// ends it at once. Nothing is set up until ``arm()``: until then Ctrl-C ends the program as usual.
final class Interrupts: Sendable {
    /// What Ctrl-C does besides cancelling the command in flight.
    enum Mode {
        /// Nothing more: the REPL goes on.
        case cancelCommand
        /// Stop the run.
        case stopRun
    }

    private struct State {
        var presses = 0
        /// The command waiting to hear of a Ctrl-C.
        var waiter: CheckedContinuation<Void, Never>?
        /// Whether another program has the terminal, and so the key.
        var handedOver = false
    }

    private let state = Lock(State())
    private let mode: Mode
    private let queue = DispatchQueue(label: "xkcd.interrupts")
    // Set once, by `arm()`.
    private let source = Lock<DispatchSourceSignal?>(nil)

    init(mode: Mode) {
        self.mode = mode
    }

    deinit {
        source.withLock { $0?.cancel() }
    }

    /// Takes over Ctrl-C, once; returns when the handler is in place. Starting the signal
    /// source starts libdispatch's threads, which a run without commands never needs.
    func arm() {
        source.withLock { installed in
            guard installed == nil else { return }
            signal(SIGINT, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
            // libdispatch installs its handler asynchronously: a Ctrl-C before that would be lost.
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.setEventHandler { [unowned self] in self.interrupted() }
            source.resume()
            registered.wait()
            installed = source
        }
    }

    /// Runs `operation` as a child task that Ctrl-C cancels; what it returns or throws once
    /// cancelled (a sync's partial summary, ``XKCDError/cancelled``) is the result.
    func cancelling<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        // A Ctrl-C between here and the wait being in place still counts.
        let pressesBefore = state.withLock { $0.presses }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                await self.nextPress(after: pressesBefore)
                return nil
            }
            while let finished = try await group.next() {
                // The command's own result ends the wait for Ctrl-C; Ctrl-C cancels the command.
                group.cancelAll()
                if let value = finished { return value }
            }
            throw XKCDError.cancelled
        }
    }

    /// Whether Ctrl-C stopped the run (``Mode/stopRun``).
    var stopped: Bool {
        mode == .stopRun && state.withLock { $0.presses > 0 }
    }

    /// `status`, or 130 when Ctrl-C stopped the run.
    func exitCode(_ status: Int32) -> Int32 {
        stopped ? 130 : status
    }

    /// Runs `body` while another program has the terminal: Ctrl-C is that program's then,
    /// including one whose handling is still on its way when the program ends.
    func handingOverTheTerminal<T>(_ body: () -> T) -> T {
        state.withLock { $0.handedOver = true }
        defer {
            queue.sync {}
            state.withLock { $0.handedOver = false }
        }
        return body()
    }

    // Returns at the next Ctrl-C (at once if there were more than `pressesBefore` already),
    // or when the waiting task is cancelled.
    private func nextPress(after pressesBefore: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let cancelled = state.withLock { state in
                    guard !Task.isCancelled, state.presses == pressesBefore else { return true }
                    state.waiter = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }

    private func interrupted() {
        let (waiter, presses): (CheckedContinuation<Void, Never>?, Int) = state.withLock { state in
            // The pager or a text-mode browser has the terminal: the key was meant for it.
            guard !state.handedOver else { return (nil, 0) }
            state.presses += 1
            defer { state.waiter = nil }
            return (state.waiter, state.presses)
        }
        if mode == .stopRun, presses > 1 { ProcessExit.now(130) }
        waiter?.resume()
    }
}
