import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses lines, runs their commands on the session, and hands what they produce to the
/// renderer and, where an outcome asks, to the pager, the clipboard or the opener.
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

    private let openSession: () throws -> Session
    private var opened: Session?
    private let renderer: @Sendable () -> Renderer
    private let output: Output
    private let interrupts: Interrupts
    private let handoff: SystemHandoff
    /// Asks a yes/no question on the terminal, given as the lines to print before the answer
    /// and the last line, which the answer follows; nil when there is no one to ask (scripts),
    /// and the command goes ahead.
    var ask: ((_ before: [String], _ last: String) async -> Bool)?

    /// Whether `answer`, typed to an ``ask`` question, says yes (`y` or `yes`, any case).
    static func saysYes(_ answer: String?) -> Bool {
        ["y", "yes"].contains((answer ?? "").trimmingSpaces().lowercased())
    }

    /// A runner over the session `openSession` makes, on first use: a script with no commands,
    /// or a failed parse, never touches the database.
    init(
        openSession: @escaping () throws -> Session, renderer: @escaping @Sendable () -> Renderer, output: Output,
        interrupts: Interrupts, handoff: SystemHandoff
    ) {
        self.openSession = openSession
        self.renderer = renderer
        self.output = output
        self.interrupts = interrupts
        self.handoff = handoff
    }

    /// The session, opening the store the first time.
    func session() throws -> Session {
        if let opened { return opened }
        let session = try openSession()
        opened = session
        return session
    }

    /// Runs a line of `;`-separated commands in order, stopping at `quit`. A command that does
    /// not parse is reported in its place and the others still run.
    func run(line: String) async -> Result {
        let commands: [[String]]
        do {
            commands = try CommandTokenizer.split(line)
        } catch {
            output.error(error.message)
            return Result(failed: true, usageError: true)
        }
        var result = Result()
        for words in commands {
            if result.quit || interrupts.stopped { break }
            do {
                result.merge(await run(try CommandParser.parse(words: words)))
            } catch {
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
        var outcome: Outcome
        do {
            let session = try session()
            outcome = try await interrupts.cancelling { try await session.run(command) }
            if case let .confirmation(confirmation) = outcome {
                guard await answer(confirmation) else {
                    output.notice(confirmation.declined)
                    return Result()
                }
                outcome = try await interrupts.cancelling { try await session.run(confirmation.command) }
            }
        } catch XKCDError.cancelled {
            output.notice("cancelled")
            return Result(failed: true)
        } catch is CancellationError {
            output.notice("cancelled")
            return Result(failed: true)
        } catch {
            output.error(XKCDError.message(for: error))
            return Result(failed: true)
        }
        if outcome == .quit { return Result(quit: true) }
        let renderer = renderer()
        let handed = hand(outcome, text: renderer.render(outcome), json: renderer.json)
        return Result(failed: !handed || outcome.isFailure)
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
        case .explanation where !json:
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
                let ways = handoff.copy(result.text)
                guard !ways.isEmpty else {
                    output.error("cannot copy: no terminal to send OSC 52 to and no wl-copy, xclip or pbcopy")
                    return false
                }
                output.notice("copied to the clipboard (\(ways.joined(separator: ", ")))")
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
        default:
            output.write(text)
        }
        return true
    }

    // Opens `url`; where nothing can, prints `text` (when given) and says how to make it work.
    // Returns false when a program was there and failed.
    private func open(_ url: String, printing text: String?) -> Bool {
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
