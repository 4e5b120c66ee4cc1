import LineEditing
import XKCDKit

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
