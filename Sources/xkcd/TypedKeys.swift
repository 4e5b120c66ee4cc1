import Dispatch
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

/// The keys the user types while the program talks to the terminal: asks it a question (the
/// graphics probe, tmux's cursor report) or draws on it. None is lost. Those read among an
/// answer go to the line editor's next prompt in the REPL, and back into the terminal's input
/// elsewhere (the shell's next prompt). From the first question until the output is written,
/// keys are not echoed into it (a picture drawn at the cursor would move with them); they stay
/// in the terminal's input and reach the prompt as typed.
final class TypedKeys: Sendable {
    private let kept = Lock<[UInt8]>([])
    private let forLineEditor = Lock(false)
    // Whether echo was turned off here and is due back once the output is written, and
    // whether it stays off until the command ends, whatever is written meanwhile; one lock for
    // both and for the change of modes, so two threads never both turn it off.
    private let echo = Lock((held: false, forCommand: false))
    // Whether a question went unanswered in its wait: its answer may come later, among keys.
    private let answerOwed = Lock(false)

    /// From now on, keys read among answers are kept for ``take()`` instead of given back to
    /// the terminal: the REPL's line editor takes them before each prompt.
    func keepForLineEditor() {
        forLineEditor.withLock { $0 = true }
    }

    /// The keys kept since the last call, in the order typed.
    func take() -> [UInt8] {
        kept.withLock { keys in
            defer { keys.removeAll() }
            return keys
        }
    }

    /// Writes `query` to the controlling terminal and reads what it answers until
    /// `isComplete` says the answers hold all, or `timeoutMilliseconds` have passed (a terminal
    /// that never answers costs no more); nil when there is no terminal to ask, or we are not in
    /// its foreground. The keys typed meanwhile are kept, and the terminal's modes come back
    /// without discarding its input, but for echo, which ``releaseEcho(endingCommand:)`` gives back.
    func exchange(_ query: String, timeoutMilliseconds timeout: Int32, isComplete: ([UInt8]) -> Bool) -> [UInt8]? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // From the background (`xkcd image 1 &`) the terminal would stop us for asking.
        guard tcgetpgrp(fd) == getpgrp() else { return nil }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        var replies = TerminalReplies()
        defer {
            replies.finish()
            echo.withLock { echo in
                if saved.c_lflag & tcflag_t(ECHO) != 0 {
                    saved.c_lflag &= ~tcflag_t(ECHO)
                    echo.held = true
                }
                tcsetattr(fd, TCSANOW, &saved)
            }
            // Put back once the line discipline edits again, so an Erase typed among them edits.
            keep(replies.typed, on: fd)
        }
        let query = Array(query.utf8)
        guard query.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == query.count else { return nil }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
        var buffer = [UInt8](repeating: 0, count: 256)
        while !isComplete(replies.answers), replies.answers.count < 4096 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32((deadline - now) / 1_000_000) + 1
            let ready = poll(&poller, 1, wait)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            replies.take(buffer[0..<n])
        }
        if !isComplete(replies.answers) { answerOwed.withLock { $0 = true } }
        // What stopped mid-sequence at the deadline gets a moment for its rest, already on its way.
        for _ in 0..<8 where replies.isCutShort {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 25) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            replies.take(buffer[0..<n])
        }
        return replies.answers
    }

    /// Takes in what the terminal holds where a question went unanswered in its wait (a slow
    /// link): an answer that came late is dropped, and the keys around it kept as in
    /// ``exchange(_:timeoutMilliseconds:isComplete:)``. Done as a command ends, before the next
    /// prompt reads the terminal.
    func settleLateAnswers() {
        let owed = answerOwed.withLock { owed in
            defer { owed = false }
            return owed
        }
        guard owed else { return }
        _ = exchange("", timeoutMilliseconds: 30, isComplete: { _ in false })
        answerOwed.withLock { $0 = false }
    }

    /// Runs `body` (which writes output) with the terminal's echo off, where the program is in
    /// the terminal's foreground, then gives echo back, also where a question held it off.
    func unechoed<T>(_ body: () throws -> T) rethrows -> T {
        holdEcho()
        defer { releaseEcho() }
        return try body()
    }

    /// Turns echo off until ``releaseEcho(endingCommand:)``, where the program is in the
    /// terminal's foreground; `forCommand`: until the command ends (the REPL's command owns the
    /// terminal while it runs, and what is typed meanwhile shows at the next prompt instead of
    /// among its output), whatever is written meanwhile.
    func holdEcho(forCommand: Bool = false) {
        echo.withLock { echo in
            if forCommand { echo.forCommand = true }
            guard !echo.held else { return }
            let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var modes = termios()
            guard tcgetpgrp(fd) == getpgrp(), tcgetattr(fd, &modes) == 0, modes.c_lflag & tcflag_t(ECHO) != 0 else {
                return
            }
            modes.c_lflag &= ~tcflag_t(ECHO)
            if tcsetattr(fd, TCSANOW, &modes) == 0 { echo.held = true }
        }
    }

    /// Leaves echo as it is and forgets it was held: the REPL's line editor takes the terminal
    /// next, in modes of its own, and comes back from them with echo on. Given back here, it
    /// would echo what is typed in the moment before the prompt.
    func handEchoToLineEditor() {
        echo.withLock { $0 = (held: false, forCommand: false) }
    }

    /// Gives back the echo a question or a write turned off, unless it is held for the command
    /// and `endingCommand` is false; only echo: the rest of the modes may have changed on
    /// purpose since.
    func releaseEcho(endingCommand: Bool = false) {
        echo.withLock { echo in
            if endingCommand { echo.forCommand = false }
            guard !echo.forCommand, echo.held else { return }
            echo.held = false
            let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var modes = termios()
            guard tcgetpgrp(fd) == getpgrp(), tcgetattr(fd, &modes) == 0 else { return }
            modes.c_lflag |= tcflag_t(ECHO)
            tcsetattr(fd, TCSANOW, &modes)
        }
    }

    // Keys read among the answers: kept for the line editor, or put back into the terminal's
    // input while echo is still off, where the shell reads them as typed.
    private func keep(_ keys: [UInt8], on fd: Int32) {
        guard !keys.isEmpty else { return }
        if forLineEditor.withLock({ $0 }) {
            kept.withLock { $0 += keys }
            return
        }
        for var key in keys {
            // A kernel that refuses (legacy_tiocsti off) gives the keys to no one.
            guard ioctl(fd, UInt(TIOCSTI), &key) == 0 else { break }
        }
    }
}
