import Foundation

/// Facts about the terminal the program runs in.
struct Terminal {
    let stdinIsTTY = isatty(STDIN_FILENO) == 1
    let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    let stderrIsTTY = isatty(STDERR_FILENO) == 1

    /// Colour only on a TTY whose TERM is set and not `dumb`.
    var stdoutSupportsColor: Bool {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return stdoutIsTTY && !term.isEmpty && term != "dumb"
    }

    /// Columns: the terminal's width, else `COLUMNS`, else 80.
    var width: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }
}
