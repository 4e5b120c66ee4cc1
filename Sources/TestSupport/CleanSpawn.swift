import Foundation

/// Starting programs from tests with posix_spawn rather than Foundation's `Process`: the test
/// runner blocks or ignores signals its children would inherit, and `Process` waits for ever
/// on a child that leaves a daemon running (which keeps what `Process` watches it through).
package enum CleanSpawn {
    /// Sets `attributes` (initialised) so that the program starts with the signals a shell's
    /// children expect at their default and none blocked, with `flags` besides.
    package static func resetSignals(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGHUP, SIGCHLD, SIGWINCH] {
            sigaddset(&defaultSignals, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Runs `executable` with `arguments`, its standard input and output on /dev/null, and
    /// waits for it; nil when it could not be started, else its wait status.
    package static func run(_ executable: String, _ arguments: [String]) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
