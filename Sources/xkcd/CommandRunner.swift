import Foundation
import XKCDKit

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
    /// Asks a yes/no question on the terminal; nil when there is no one to ask (scripts).
    var confirm: ((String) -> Bool)?

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

    /// Runs a line of `;`-separated commands, stopping at `quit`.
    func run(line: String) -> Result {
        let commands: [Command]
        do {
            commands = try CommandParser.parse(line: line)
        } catch {
            output.error(error.message)
            return Result(failed: true, usageError: true)
        }
        return run(commands)
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

    private func confirmClear(_ confirm: (String) -> Bool) -> Bool {
        guard let session = try? library.session(),
            case let .cacheStats(stats)? = try? tasks.wait({ try await session.run(.cacheStats) })
        else {
            return confirm("Delete everything stored except favorites?")
        }
        return confirm(renderer().clearQuestion(stats))
    }

    private func run(_ commands: [Command]) -> Result {
        var result = Result()
        for var command in commands {
            if tasks.wasInterrupted { break }
            // A terminal that draws pixels gets the comic's double-resolution image.
            if case .image(let reference, var options, let withCard) = command, !renderer().json {
                let chosen = ImageProtocolChoice.choose(forced: options.renderer, facts: imageFacts(options.renderer))
                options.highResolution = [.kitty, .iterm, .sixel].contains(chosen)
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
                output.error(error.localizedDescription)
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
            if !handoff.page(text) { output.write(text) }
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
            if result.open, !handoff.open(result.openURL) {
                output.error("cannot open it: no xdg-open or open here (or it failed)")
                return false
            }
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
            if json || !handoff.open(url) {
                output.write(text)
            } else {
                output.notice("opened \(url)")
            }
        default:
            output.write(text)
        }
        return true
    }
}
