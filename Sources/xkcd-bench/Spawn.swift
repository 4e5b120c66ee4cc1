import Foundation

/// Runs programs and measures them: wall time and peak resident memory (from wait4).
enum Spawn {
    /// What a finished process reported.
    struct Result {
        var status: Int32
        var seconds: Double
        var peakRSSBytes: Int
    }

    /// Runs `path` with `arguments` and `environment`, stdin from `input` (a file path or
    /// /dev/null), stdout and stderr discarded.
    static func run(_ path: String, _ arguments: [String], environment: [String: String],
                    input: String = "/dev/null") throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = Measure.now()
        let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard rc == 0 else { throw BenchError("cannot start \(path): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let seconds = Measure.now() - start
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exitStatus, seconds: seconds, peakRSSBytes: Int(usage.ru_maxrss) * 1024)
    }
}

/// A failure that stops the benchmark, with a message.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
