import CProcess
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

/// Another program run with an argument vector (never through a shell): openers, clipboard
/// tools, notifiers, browsers and the pager.
///
/// A program that needs the terminal (the pager, a text-mode browser) runs in this process's
/// group, which an interactive shell made the terminal's foreground group: it reads the
/// keyboard, gets Ctrl-C and Ctrl-Z as the shell's own jobs do, and the terminal's modes are
/// put back when it ends, however it ends. Any other program runs in a group of its own, so
/// that Ctrl-C at the terminal never reaches it.
struct ExternalProgram {
    /// The executable's path.
    let path: String

    /// How a program ended.
    enum Ending: Equatable {
        /// It could not be started.
        case notStarted
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(Int32)

        var succeeded: Bool { self == .exited(0) }
    }

    /// The first executable named `name` on `PATH` (a name with a `/` is taken as a path).
    static func find(_ name: String, environment: Environment) -> ExternalProgram? {
        guard !name.isEmpty, !name.contains("/") else {
            return FileManager.default.isExecutableFile(atPath: name) ? ExternalProgram(path: name) : nil
        }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalProgram(path: candidate) }
        }
        return nil
    }

    /// Runs it away from the terminal with `input` on its stdin (else nothing) and its output
    /// discarded; true when it exited with status 0.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil) -> Bool {
        spawn(arguments, input: input, onTerminal: false, settings: [:]).succeeded
    }

    /// Runs it away from the terminal and returns what it printed (at most 64 KiB), or nil
    /// when it could not be started or did not exit with status 0; with a `limit`, also nil
    /// when it had not finished within it (it is then killed).
    func output(_ arguments: [String], within limit: Duration? = nil) -> String? {
        var captured: [UInt8]? = []
        let ending = spawn(arguments, input: nil, onTerminal: false, settings: [:], capturing: &captured, within: limit)
        return ending.succeeded ? String(decoding: captured ?? [], as: UTF8.self) : nil
    }

    /// Starts it away from the terminal and leaves it running (a graphical browser that stays
    /// open): a shell that starts it in the background and exits at once, so it is never this
    /// process's child to wait for. The arguments are the shell's positional parameters, never
    /// its source. True when it was started.
    func startDetached(_ arguments: [String]) -> Bool {
        ExternalProgram(path: "/bin/sh").spawn(
            ["-c", "\"$@\" &", "sh", path] + arguments, input: nil, onTerminal: false, settings: [:]
        ).succeeded
    }

    /// Runs it on the terminal (its output there), `input` on its stdin when given, with
    /// `settings` added to its environment, and waits for it.
    func runOnTerminal(_ arguments: [String], input: String? = nil, settings: [String: String] = [:]) -> Ending {
        let terminal = TerminalHold()
        defer { terminal.giveBack() }
        return spawn(arguments, input: input, onTerminal: true, settings: settings)
    }

    private func spawn(_ arguments: [String], input: String?, onTerminal: Bool, settings: [String: String]) -> Ending {
        var nothing: [UInt8]?
        return spawn(arguments, input: input, onTerminal: onTerminal, settings: settings, capturing: &nothing)
    }

    // With `captured` not nil, the program's standard output is read into it; with a `limit`,
    // a program still writing or running when it is up is killed (with its process group).
    private func spawn(
        _ arguments: [String], input: String?, onTerminal: Bool, settings: [String: String],
        capturing captured: inout [UInt8]?, within limit: Duration? = nil
    ) -> Ending {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&inputPipe) == 0 else { return .notStarted }
            // Neither end is the program's but through the dup2 below.
            for fd in inputPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        if captured != nil {
            guard pipe(&outputPipe) == 0 else { return .notStarted }
            for fd in outputPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        defer {
            for fd in inputPipe + outputPipe where fd >= 0 { close(fd) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        } else if !onTerminal {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if captured != nil {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        } else if !onTerminal {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if !onTerminal {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Nothing else of this process's (libcurl's sockets among them) reaches the program.
        _ = xkcd_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // This process ignores SIGPIPE and may block or ignore others (Ctrl-C is handled by a
        // signal source); the program starts with every signal at its default, none blocked.
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if !onTerminal {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var variables = ProcessInfo.processInfo.environment
        variables.merge(settings) { _, new in new }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 else { return .notStarted }
        // A signal that ends this process while the program has the terminal ends it too.
        if onTerminal { xkcd_guard_terminal_child(pid) }
        defer { if onTerminal { xkcd_guard_terminal_child(0) } }
        if let input {
            close(inputPipe[0])
            inputPipe[0] = -1
            // A reader that quits early (q in the pager) closes the pipe: stop writing quietly
            // (SIGPIPE is ignored, so the write fails with EPIPE).
            _ = Output.writeAll(inputPipe[1], Array(input.utf8))
            close(inputPipe[1])
            inputPipe[1] = -1
        }
        if captured != nil {
            close(outputPipe[1])
            outputPipe[1] = -1
            var chunk = [UInt8](repeating: 0, count: 4096)
            let deadline = limit.map { ContinuousClock.now + $0 }
            while true {
                if let deadline {
                    let left = ContinuousClock.now.duration(to: deadline)
                    var ready = pollfd(fd: outputPipe[0], events: Int16(POLLIN), revents: 0)
                    let milliseconds = max(
                        0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                    let polled = poll(&ready, 1, milliseconds)
                    if polled < 0 && errno == EINTR { continue }
                    guard polled > 0 else {
                        kill(-pid, SIGKILL)
                        break
                    }
                }
                let count = read(outputPipe[0], &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                if captured!.count < Self.mostOutput { captured!.append(contentsOf: chunk[0..<count]) }
            }
        }
        if onTerminal {
            // Waited for without reaping first: until it is forgotten, the pid cannot have been
            // given to another process for the signal handler to end.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            xkcd_guard_terminal_child(0)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .notStarted }
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal)
    }

    /// The most of a program's output ``output(_:)`` keeps.
    static let mostOutput = 64 << 10

}

/// The terminal's modes and foreground group as they were before a program took the
/// terminal, put back after it: a pager killed in raw mode, or one that made itself the
/// foreground group, leaves the terminal as the REPL had it.
private struct TerminalHold {
    private let modes: termios?
    private let foreground: pid_t
    // The terminal, through whichever standard descriptor is on it.
    private let terminal = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].first { isatty($0) == 1 } ?? STDIN_FILENO

    init() {
        var modes = termios()
        self.modes = tcgetattr(terminal, &modes) == 0 ? modes : nil
        foreground = tcgetpgrp(terminal)
    }

    func giveBack() {
        guard var modes else { return }
        // Changing the terminal from a group that is not its foreground group raises SIGTTOU,
        // which would stop this process: blocked for these two calls.
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        if foreground > 0, tcgetpgrp(terminal) != foreground { tcsetpgrp(terminal, foreground) }
        tcsetattr(terminal, TCSADRAIN, &modes)
    }
}
