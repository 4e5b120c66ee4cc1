import LineEditing
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

/// The REPL: read a line with libedit, run it, repeat until `quit` or Ctrl-D. New comics are
/// looked for alongside, in a child task, and told before a prompt, never while the user types.
@MainActor
struct InteractiveLoop {
    let runner: CommandRunner
    let reader: LineFeed
    let output: Output
    let session: Session
    /// Ctrl-C while a command runs cancels it; while typing, libedit sees it as a key.
    let interrupts: Interrupts
    /// Seconds between background checks for new comics; 0: none.
    let checkInterval: TimeInterval

    func run() async -> Int32 {
        interrupts.arm()
        defer { reader.close() }
        runner.ask = { [output, reader] before, last in
            for line in before { output.notice(line) }
            guard case let .line(answer) = await reader.read(prompt: last) else { return false }
            return CommandRunner.saysYes(answer)
        }
        output.notice("xkcd \(ProgramHelp.version) — type 'help' for commands, Tab to complete, Ctrl-D to leave")
        let session = session
        if await session.storesNoComics() {
            output.notice(
                "Nothing is stored yet: 'sync' fetches the archive and its explanations, to browse and search offline")
        }
        let interval = checkInterval
        let watcher = NewComicWatcher(interval: interval, now: { Date() }, check: { await session.backgroundCheck() })
        return await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await watcher.started(with: await session.startUp())
                guard interval > 0 else { return }
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(min(interval, 60)))
                    await watcher.tick()
                }
            }
            defer { group.cancelAll() }
            // The start-up check gets a moment to finish so its notice comes before the first
            // prompt; a slow server's answer is told before a later one instead.
            await watcher.waitForStart(upTo: .milliseconds(1500))
            return await readAndRun(watcher)
        }
    }

    private func readAndRun(_ watcher: NewComicWatcher) async -> Int32 {
        while true {
            tell(await watcher.takePending())
            for notice in await session.takeNotices() { output.notice(notice) }
            let prompt = session.current.map { "xkcd #\($0)> " } ?? "xkcd> "
            switch await reader.read(prompt: prompt) {
            case .endOfFile:
                return ExitCode.success
            case .interrupt:
                continue
            case let .line(line):
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                reader.addHistory(line)
                let result = await runner.run(line: line)
                if result.quit { return ExitCode.success }
            }
        }
    }

    private func tell(_ notices: [NewComicWatcher.Notice]) {
        let renderer = runner.renderer()
        for notice in notices {
            // On stderr, like every notice: stdout stays what the commands print (JSON too).
            let since = notice.atStart ? "since your last visit" : "just published"
            output.notice(String(renderer.newComicsNotice(notice.report, since: since).dropLast()))
        }
    }
}

/// Commands from a non-terminal stdin: no prompt, blank and `#` comment lines skipped, keep
/// going after failures (each error naming its line), exit 1 if any failed.
@MainActor
struct ScriptLoop {
    let runner: CommandRunner
    let input: LineFeed
    /// Whether lines are read ahead on a thread of their own; not on a terminal, whose
    /// questions (`cache clear`) read the same input.
    let readsAhead: Bool
    let output: Output
    /// Whether errors name the line they come from (`error: line 2: …`): a script's, not
    /// lines typed at a terminal.
    let numbersLines: Bool
    /// Ctrl-C handling, taken over when the first line arrives.
    let interrupts: Interrupts

    func run() async -> Int32 {
        var result = CommandRunner.Result()
        var number = 0
        // Lines already there are taken at once; the reader thread starts only when reading
        // would wait, so a script with nothing to run ends without starting anything.
        var waiting: AsyncStream<String>.Iterator?
        while true {
            let line: String
            if waiting == nil, let ready = input.readyLine() {
                guard case let .line(text) = ready else { break }
                line = text
            } else if !readsAhead {
                guard case let .line(text) = await input.read(prompt: "") else { break }
                line = text
            } else {
                var lines = waiting ?? input.lines().makeAsyncIterator()
                guard let text = await lines.next(isolation: #isolation) else { break }
                waiting = lines
                line = text
            }
            number += 1
            if CommandTokenizer.isComment(line) { continue }
            interrupts.arm()
            if numbersLines { output.errorsName(line: number) }
            let lineResult = await runner.run(line: line)
            result.merge(lineResult)
            if lineResult.quit || interrupts.stopped { break }
        }
        return result.exitCode(oneShot: false)
    }
}

/// A blocking ``LineReader`` read off the cooperative pool: each read runs on a thread of its
/// own, which hands the line back and ends, so no thread ever waits for another.
final class LineFeed: @unchecked Sendable {
    // Used by one read at a time: the loop awaits each read before the next, and history and
    // closing happen between reads.
    private let reader: any LineReader

    init(_ reader: any LineReader) {
        self.reader = reader
    }

    /// Shows `prompt` and returns the line typed, an interrupt or the end of input.
    func read(prompt: String) async -> LineEvent {
        await withCheckedContinuation { continuation in
            DetachedThread.start { continuation.resume(returning: self.reader.read(prompt: prompt)) }
        }
    }

    /// The next line if it is there without waiting (plain input only); nil when reading would wait.
    func readyLine() -> LineEvent? {
        (reader as? PlainLineReader)?.readyLine()
    }

    /// Every line to the end of input, read ahead on a thread of its own (scripts, which have
    /// no prompt to wait for).
    func lines() -> AsyncStream<String> {
        AsyncStream { continuation in
            DetachedThread.start {
                while case let .line(line) = self.reader.read(prompt: "") { continuation.yield(line) }
                continuation.finish()
            }
        }
    }

    /// Records `line` in the history (plain input keeps none).
    func addHistory(_ line: String) {
        reader.addHistory(line)
    }

    /// Saves the history and gives the terminal back.
    func close() {
        reader.close()
    }
}
