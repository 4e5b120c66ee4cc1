import LineEditing

/// Commands from a non-terminal stdin: no prompt, keep going after failures, exit 1 if any failed.
struct ScriptLoop {
    let runner: CommandRunner
    let reader: any LineReader
    let tasks: TaskRunner

    func run() -> Int32 {
        var result = CommandRunner.Result()
        while case let .line(line) = reader.read(prompt: "") {
            let lineResult = runner.run(line: line)
            result.merge(lineResult)
            if lineResult.quit || tasks.wasInterrupted { break }
        }
        return result.exitCode(oneShot: false)
    }
}
