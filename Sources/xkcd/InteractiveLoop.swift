import Dispatch
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

/// The REPL: read a line with libedit, run it, repeat until `quit` or Ctrl-D.
struct InteractiveLoop {
    let runner: CommandRunner
    let reader: any LineReader
    let output: Output
    let tasks: TaskRunner
    let titles: TitleIndexCache
    let session: Session
    let renderer: () -> Renderer
    /// Seconds between background checks for new comics; 0: none.
    let checkInterval: TimeInterval

    func run() -> Int32 {
        // Ctrl-C while a command runs cancels it; while typing, libedit sees it as a key.
        let interrupts = Interrupts(tasks: tasks, mode: .cancelCommand)
        interrupts.arm()
        defer {
            withExtendedLifetime(interrupts) {}
            reader.close()
        }
        let reader = reader
        runner.confirm = { [output] before, last in
            for line in before { output.notice(line) }
            guard case let .line(answer) = reader.read(prompt: last) else { return false }
            return CommandRunner.saysYes(answer)
        }
        output.notice("xkcd \(ProgramHelp.version) — type 'help' for commands, Tab to complete, Ctrl-D to leave")
        let watcher = startWatching()
        defer { watcher.task.cancel() }
        while true {
            printNotices(watcher.watcher)
            let prompt = runner.current.map { "xkcd #\($0)> " } ?? "xkcd> "
            switch reader.read(prompt: prompt) {
            case .endOfFile:
                return ExitCode.success
            case .interrupt:
                continue
            case let .line(line):
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                reader.addHistory(line)
                let result = runner.run(line: line)
                titles.invalidate()
                if result.quit { return ExitCode.success }
            }
        }
    }

    // The start-up check gets a moment to finish so its notice comes before the first
    // prompt; a slow server's answer is printed before a later one instead.
    private func startWatching() -> (watcher: NewComicWatcher, task: Task<Void, Never>) {
        let session = session
        let interval = checkInterval
        let watcher = NewComicWatcher(interval: interval, now: { Date() }, check: { await session.backgroundCheck() })
        let started = DispatchSemaphore(value: 0)
        let task = Task {
            await watcher.started(with: await session.startUp())
            started.signal()
            guard interval > 0 else { return }
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(min(interval, 60)))
                await watcher.tick()
            }
        }
        _ = started.wait(timeout: .now() + .milliseconds(1500))
        return (watcher, task)
    }

    private func printNotices(_ watcher: NewComicWatcher) {
        guard let notices = try? tasks.wait({ await watcher.takePending() }) else { return }
        let renderer = renderer()
        for notice in notices {
            // On stderr, like every notice: stdout stays what the commands print (JSON too).
            output.notice(
                String(
                    renderer.newComicsNotice(
                        notice.report, since: notice.atStart ? "since your last visit" : "just published"
                    )
                    .dropLast()))
        }
    }
}

/// Commands from a non-terminal stdin: no prompt, blank and `#` comment lines skipped, keep
/// going after failures, exit 1 if any failed.
struct ScriptLoop {
    let runner: CommandRunner
    let reader: any LineReader
    let tasks: TaskRunner
    /// Ctrl-C handling, taken over when the first line arrives.
    let interrupts: Interrupts

    func run() -> Int32 {
        var result = CommandRunner.Result()
        while case let .line(line) = reader.read(prompt: "") {
            if CommandTokenizer.isComment(line) { continue }
            interrupts.arm()
            let lineResult = runner.run(line: line)
            result.merge(lineResult)
            if lineResult.quit || tasks.wasInterrupted { break }
        }
        return result.exitCode(oneShot: false)
    }
}
