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

/// Writes to stdout and stderr; the only place that prints.
final class Output: Sendable {
    private let errorStyle: Style

    /// Colours the `error:` label only on a colour terminal, and never with `noColor`.
    init(noColor: Bool) {
        let term = Environment.process["TERM"] ?? ""
        errorStyle = Style(
            enabled: !noColor && isatty(STDERR_FILENO) == 1 && (Environment.process["NO_COLOR"] ?? "").isEmpty
                && !term.isEmpty && term != "dumb")
    }

    /// Writes `text` to stdout as is. A closed pipe (`xkcd … | head -1`) ends the program quietly.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        Self.writeAll(STDOUT_FILENO, text)
    }

    /// Writes one `error: …` line to stderr (wrapped on a terminal, later lines under the message).
    func error(_ message: String) {
        let label = "error: "
        var lines = Self.fitted(message, after: label)
        lines[0] = errorStyle.error("error:") + " " + lines[0].dropFirst(label.count)
        Self.writeAll(STDERR_FILENO, lines.joined(separator: "\n") + "\n")
    }

    /// Writes a notice line to stderr (wrapped on a terminal).
    func notice(_ message: String) {
        Self.writeAll(STDERR_FILENO, Self.fitted(message, after: "").joined(separator: "\n") + "\n")
    }

    /// Writes a question to stderr without a newline.
    func prompt(_ text: String) {
        Self.writeAll(STDERR_FILENO, text)
    }

    // `label` and `text` as the lines written to stderr: wrapped to the terminal's width (asked
    // anew, so a resize counts) when a line is wider; as they are in a pipe or a file, one line
    // a message for whoever reads it with grep.
    private static func fitted(_ text: String, after label: String) -> [String] {
        let lines = (label + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let width = Terminal().stderrWidth, lines.contains(where: { DisplayWidth.of($0) > width }) else {
            return lines
        }
        return TextWrapper.wrap(text, width: width, indent: String(repeating: " ", count: label.count), first: label)
    }

    /// Writes all of `text` to `fd`. A closed pipe ends the program quietly.
    static func writeAll(_ fd: Int32, _ text: String) {
        if writeAll(fd, Array(text.utf8)) == EPIPE { ProcessExit.now(0) }
    }

    /// Writes all of `bytes` to `fd`, again where a signal interrupted the write; returns 0, or
    /// the error that stopped it.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }
}

// write(2), which `Output.write(_:)` hides inside the class.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Ends the process, after any libcurl load still running on another thread (exiting in the
/// middle of one can crash or hang the process).
enum ProcessExit {
    static func now(_ status: Int32) -> Never {
        CurlTransport.waitForPreload()
        exit(status)
    }
}
