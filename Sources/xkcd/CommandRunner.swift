import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses lines, runs their commands on the session, and prints what they produce.
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

    private let library: Library
    private let renderer: @Sendable () -> Renderer
    private let output: Output
    private let tasks: TaskRunner
    private let handoff: SystemHandoff
    private let imageFacts: (ImageProtocol?) -> TerminalFacts
    /// Asks a yes/no question on the terminal, given as the lines to print before the answer
    /// and the last line, which the answer follows; nil when there is no one to ask (scripts).
    var confirm: ((_ before: [String], _ last: String) -> Bool)?

    /// Whether `answer`, typed to a ``confirm`` question, says yes (`y` or `yes`, any case).
    static func saysYes(_ answer: String?) -> Bool {
        ["y", "yes"].contains((answer ?? "").trimmingSpaces().lowercased())
    }

    init(
        library: Library, renderer: @escaping @Sendable () -> Renderer, output: Output, tasks: TaskRunner,
        handoff: SystemHandoff,
        imageFacts: @escaping (ImageProtocol?) -> TerminalFacts
    ) {
        self.library = library
        self.imageFacts = imageFacts
        self.renderer = renderer
        self.output = output
        self.tasks = tasks
        self.handoff = handoff
    }

    /// The comic on screen, for the prompt.
    var current: Int? {
        guard let session = try? library.session() else { return nil }
        return try? tasks.wait { await session.current }
    }

    /// Runs a line of `;`-separated commands in order, stopping at `quit`. A command that does
    /// not parse is reported in its place and the others still run.
    func run(line: String) -> Result {
        let commands: [[String]]
        do {
            commands = try CommandTokenizer.split(line)
        } catch {
            output.error(error.message)
            return Result(failed: true, usageError: true)
        }
        var result = Result()
        for words in commands {
            if result.quit || tasks.wasInterrupted { break }
            do {
                result.merge(run([try CommandParser.parse(words: words)]))
            } catch {
                output.error(error.message)
                result.merge(Result(failed: true, usageError: true))
            }
        }
        return result
    }

    /// Runs one command given as separate words (one-shot).
    func run(words: [String]) -> Result {
        do {
            return run([try CommandParser.parse(words: words)])
        } catch {
            output.error(error.message)
            return Result(failed: true, usageError: true)
        }
    }

    private func confirmClear(_ confirm: ([String], String) -> Bool) -> Bool {
        let width = renderer().width
        // The question wraps to the terminal, leaving room for " [y/N] " and the answer.
        func ask(_ question: String) -> Bool {
            let lines = TextWrapper.wrap(question + " [y/N]", width: max(20, width - 4))
            return confirm(Array(lines.dropLast()), (lines.last ?? "") + " ")
        }
        guard let session = try? library.session(),
            case let .cacheStats(stats)? = try? tasks.wait({ try await session.run(.cacheStats) })
        else {
            return ask("Delete everything stored except favorites?")
        }
        return ask(renderer().clearQuestion(stats))
    }

    private func run(_ commands: [Command]) -> Result {
        var result = Result()
        for var command in commands {
            if tasks.wasInterrupted { break }
            // A terminal that draws pixels gets the comic's double-resolution image.
            if case .image(let reference, var options, let withCard) = command, !renderer().json {
                let facts = imageFacts(options.renderer)
                let chosen = ImageProtocolChoice.choose(forced: options.renderer, facts: facts)
                // Inside tmux a picture reaches the terminal only through passthrough.
                if chosen.drawsPixels, facts.environment["TMUX"] != nil, facts.tmuxPassthrough == false {
                    output.error(
                        "tmux does not pass images on to the terminal: 'tmux set -g allow-passthrough on' lets it "
                            + "(or --renderer blocks draws the image in text)")
                    result.failed = true
                    continue
                }
                options.highResolution = chosen.drawsPixels
                command = .image(reference, options, withCard: withCard)
            }
            if case .cacheClear(skipConfirmation: false) = command, let confirm, !confirmClear(confirm) {
                output.notice("nothing deleted")
                continue
            }
            let outcome: Outcome
            do {
                let session = try library.session()
                let asked = command
                outcome = try tasks.wait { try await session.run(asked) }
            } catch XKCDError.cancelled {
                output.notice("cancelled")
                result.failed = true
                continue
            } catch is CancellationError {
                output.notice("cancelled")
                result.failed = true
                continue
            } catch {
                output.error(XKCDError.message(for: error))
                result.failed = true
                continue
            }
            if outcome == .quit {
                result.quit = true
                break
            }
            var renderer = renderer()
            if case let .image(image) = outcome, !renderer.json {
                renderer.imageFacts = imageFacts(image.options.renderer)
            }
            let text = renderer.render(outcome)
            if !hand(outcome, text: text, json: renderer.json) { result.failed = true }
            if outcome.isFailure { result.failed = true }
        }
        return result
    }

    // Prints `text`, and passes it on where the outcome asks: the pager, the clipboard, the
    // opener. Returns false when a requested hand-off was impossible.
    private func hand(_ outcome: Outcome, text: String, json: Bool) -> Bool {
        switch outcome {
        case .explanation where !json:
            switch tasks.handingOverTheTerminal({ handoff.page(text) }) {
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
        switch tasks.handingOverTheTerminal({ handoff.open(url) }) {
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
