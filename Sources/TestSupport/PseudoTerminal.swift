import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an executable on a new pseudo-terminal (its controlling terminal, 100x30 by default) for
/// end-to-end tests of interactive behaviour: type with `send`, read the screen's byte stream with `waitFor`.
///
/// Output is read on demand (inside `waitFor`, `waitForExit` and `output`); no thread runs in the background.
/// The bytes are what a terminal would receive, cursor motions included: libedit redraws, so after Tab the
/// stream may hold "go\r\u{1B}[9Gto " rather than "goto ". Wait for the prompt before typing: keys sent while the
/// program runs a command meet the terminal in its normal mode (Ctrl-C is SIGINT there, a Ctrl-D is swallowed).
package final class PseudoTerminal: @unchecked Sendable {
    /// Why an expectation about the terminal failed, with everything the program printed so far.
    package struct Failure: Error, CustomStringConvertible {
        /// What was expected or what went wrong.
        package var message: String
        /// Everything read from the terminal before the failure.
        package var output: String

        /// The message followed by the captured output.
        package var description: String {
            "\(message)\n--- terminal output ---\n\(output)\n--- end of output ---"
        }
    }

    /// The child's process id.
    package let processIdentifier: pid_t

    // @unchecked Sendable: every mutable property below is read and written only while `lock` is held,
    // and `master` and `processIdentifier` never change after init.
    private let master: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    // `waitFor` only searches output after the end of its previous match.
    private var searchStart = 0
    private var reachedEnd = false
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment` (plus `TERM=xterm-256color` when it names no
    /// `TERM`) on a new pty of `columns` x `rows`, as a session leader whose controlling terminal is the pty. A
    /// `cellPixels` size makes the pty report the window's size in pixels too, as graphical terminals do. With
    /// `standardOutput`, the program's stdout is that descriptor (a pipe, `/dev/full`) instead of the pty.
    package init(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String] = [:],
        columns: UInt16 = 100,
        rows: UInt16 = 30,
        cellPixels: (width: UInt16, height: UInt16)? = nil,
        standardOutput: Int32? = nil
    ) throws {
        let master = try Self.openMaster()
        let slavePath: [CChar]
        do {
            slavePath = try Self.slavePath(of: master)
        } catch {
            _ = close(master)
            throw error
        }
        var size = winsize(
            ws_row: rows, ws_col: columns, ws_xpixel: columns * (cellPixels?.width ?? 0),
            ws_ypixel: rows * (cellPixels?.height ?? 0))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the slave without O_NOCTTY makes it the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput ?? 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner's ignored or blocked signals must not leak into the program under test.
        CleanSpawn.resetSignals(&attributes, flags: Self.spawnSetSID)

        var environment = environment
        if environment["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            _ = close(master)
            throw Failure(message: "cannot start \(executable.path): \(String(cString: strerror(result)))", output: "")
        }
        self.master = master
        self.processIdentifier = pid
    }

    deinit {
        terminate()
        _ = close(master)
    }

    /// Everything the program has written so far (after reading whatever is pending).
    package var output: String {
        lock.withLock {
            drain(waitingUpTo: 0)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Types `text` as if on the keyboard: "\r" is Return, "\t" Tab, "\u{03}" Ctrl-C, "\u{04}" Ctrl-D, "\u{1B}[A" Up.
    package func send(_ text: String) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            remaining = remaining.dropFirst(written)
        }
    }

    /// Types `line` followed by Return.
    package func sendLine(_ line: String) {
        send(line + "\r")
    }

    /// Waits until output that arrived after the previous successful `waitFor` match contains `substring`,
    /// then returns all output so far. Throws `Failure` (with the output) on timeout or when the program closed the terminal.
    @discardableResult
    package func waitFor(_ substring: String, timeout: Duration = .seconds(10)) throws -> String {
        let needle = Array(substring.utf8)
        let deadline = ContinuousClock.now + timeout
        return try lock.withLock {
            while true {
                if let range = Self.firstRange(of: needle, in: bytes, from: searchStart) {
                    searchStart = range.upperBound
                    return String(decoding: bytes, as: UTF8.self)
                }
                let remaining = ContinuousClock.now.duration(to: deadline)
                if remaining <= .zero || reachedEnd {
                    let reason = reachedEnd ? "the program closed the terminal" : "timed out after \(timeout)"
                    throw Failure(
                        message: "waiting for \(substring.debugDescription): \(reason)",
                        output: String(decoding: bytes, as: UTF8.self))
                }
                drain(waitingUpTo: Self.milliseconds(remaining))
            }
        }
    }

    /// Waits for the program to exit (reading its output meanwhile) and returns its exit status,
    /// or 128 + the signal number when a signal ended it. Throws `Failure` on timeout.
    package func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        return try lock.withLock {
            while true {
                if let status = reap(blocking: false) { return status }
                let remaining = ContinuousClock.now.duration(to: deadline)
                if remaining <= .zero {
                    throw Failure(
                        message: "process \(processIdentifier) did not exit within \(timeout)",
                        output: String(decoding: bytes, as: UTF8.self))
                }
                if reachedEnd {
                    usleep(1_000)
                } else {
                    drain(waitingUpTo: min(20, Self.milliseconds(remaining)))
                }
            }
        }
    }

    /// The terminal's modes now: as the program set them, or left them when it ended.
    package func modes() throws -> termios {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { throw Self.systemFailure("tcgetattr") }
        return modes
    }

    /// Resizes the terminal to `columns` x `rows`, as a window resize does (the program gets SIGWINCH).
    package func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Kills the program (SIGKILL) if it is still running and reaps it.
    package func terminate() {
        lock.withLock {
            guard exitStatus == nil else { return }
            kill(processIdentifier, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    // MARK: - Private, called with `lock` held

    private func drain(waitingUpTo milliseconds: Int32) {
        guard !reachedEnd else { return }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var wait = milliseconds
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let ready = poll(&descriptor, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return }
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                // Keep going without waiting: take whatever else is already there.
                wait = 0
                continue
            }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            // EIO: every slave descriptor is closed, the program is gone.
            reachedEnd = true
            return
        }
    }

    private func reap(blocking: Bool) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
        } while result < 0 && errno == EINTR
        guard result == processIdentifier else { return nil }
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus = code
        return code
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty else { return start..<start }
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index..<(index + needle.count)
        }
        return nil
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(0, total))
    }

    #if canImport(Glibc)
        // Glibc's Swift module hides the XSI pty functions and POSIX_SPAWN_SETSID (they need
        // _XOPEN_SOURCE/_GNU_SOURCE), so this does what posix_openpt, unlockpt and ptsname do on Linux.
        private static let spawnSetSID: Int32 = 0x80
        private static let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK, _IOW('T', 0x31, int)
        private static let numberRequest: UInt = 0x8004_5430  // TIOCGPTN, _IOR('T', 0x30, unsigned int)

        private static func openMaster() throws -> Int32 {
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard master >= 0 else { throw systemFailure("open /dev/ptmx") }
            return master
        }

        private static func slavePath(of master: Int32) throws -> [CChar] {
            var unlock: Int32 = 0
            guard ioctl(master, unlockRequest, &unlock) == 0 else { throw systemFailure("unlocking the pty") }
            var number: UInt32 = 0
            guard ioctl(master, numberRequest, &number) == 0 else { throw systemFailure("naming the pty") }
            return Array("/dev/pts/\(number)".utf8CString)
        }
    #else
        private static let spawnSetSID = Int32(POSIX_SPAWN_SETSID)

        private static func openMaster() throws -> Int32 {
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0 else { throw systemFailure("posix_openpt") }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            return master
        }

        private static func slavePath(of master: Int32) throws -> [CChar] {
            guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                throw systemFailure("grantpt/unlockpt/ptsname")
            }
            return Array(String(cString: name).utf8CString)
        }
    #endif

    private static func systemFailure(_ call: String) -> Failure {
        Failure(message: "\(call) failed: \(String(cString: strerror(errno)))", output: "")
    }
}
