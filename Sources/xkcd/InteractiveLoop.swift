import Foundation
import LineEditing
import XKCDKit

/// The REPL: read a line with libedit, run it, repeat until `quit` or Ctrl-D.
struct InteractiveLoop {
    let runner: CommandRunner
    let reader: any LineReader
    let output: Output
    let tasks: TaskRunner
    let titles: TitleIndexCache

    func run() -> Int32 {
        // Ctrl-C while a command runs cancels it; while typing, libedit sees it as a key.
        let interrupts = Interrupts(tasks: tasks, mode: .cancelCommand)
        defer {
            withExtendedLifetime(interrupts) {}
            reader.close()
        }
        let reader = reader
        runner.confirm = { question in
            guard case let .line(answer) = reader.read(prompt: question + " [y/N] ") else { return false }
            return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
        }
        output.notice("xkcd \(Usage.version) — type 'help' for commands, Tab to complete, Ctrl-D to leave")
        while true {
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
}
