import Foundation

/// Runs programs and measures them: wall time, and peak resident memory through GNU time.
enum Spawn {
    /// What a finished process reported.
    struct Result {
        var status: Int32
        var seconds: Double
        /// User plus system CPU time, every thread of the process included.
        var cpuSeconds: Double
    }

    /// Runs `path` under GNU `time` and returns its peak resident memory in bytes. wait4's
    /// ru_maxrss cannot be used here: posix_spawn starts the child in this process's memory,
    /// and Linux carries that high-water mark across exec, so every child would report at
    /// least this benchmark's own size. `time` forks its child from a small process.
    static func peakRSS(
        _ path: String, _ arguments: [String], environment: [String: String],
        input: String = "/dev/null", scratch: URL
    ) throws -> Int {
        let report = scratch.appendingPathComponent("rss-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try run(
            try Machine.which("time"), ["-f", "%M", "-o", report.path, path] + arguments,
            environment: environment, input: input)
        guard result.status == 0 else { throw BenchError("\(path) failed (\(result.status)) under time") }
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else {
            throw BenchError("time reported no memory figure: \(text)")
        }
        return kilobytes * 1024
    }

    /// Runs `path` with `arguments` and `environment`, stdin from `input` (a file path or
    /// /dev/null), stdout to `output` (a file path, or discarded), stderr discarded.
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String],
        input: String = "/dev/null", output: String = "/dev/null"
    ) throws -> Result {
        try start(path, arguments, environment: environment, input: input, output: output).wait()
    }

    /// A started process, to be waited for.
    struct Running {
        let pid: pid_t
        let started: Double

        /// Waits for the process to end; its time counts from its start.
        func wait() -> Result {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
            let seconds = Measure.now() - started
            let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            let cpu = [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
            return Result(status: exitStatus, seconds: seconds, cpuSeconds: cpu)
        }
    }

    /// Starts `path` like ``run(_:_:environment:input:)`` without waiting for it.
    static func start(
        _ path: String, _ arguments: [String], environment: [String: String],
        input: String = "/dev/null", output: String = "/dev/null"
    ) throws -> Running {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = Measure.now()
        let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard rc == 0 else { throw BenchError("cannot start \(path): \(String(cString: strerror(rc)))") }
        return Running(pid: pid, started: started)
    }
}

/// A failure that stops the benchmark, with a message.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
