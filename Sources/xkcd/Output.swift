import Foundation
import XKCDKit

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

    /// Writes one `error: …` line to stderr.
    func error(_ message: String) {
        Self.writeAll(STDERR_FILENO, "\(errorStyle.error("error:")) \(message)\n")
    }

    /// Writes a notice line to stderr.
    func notice(_ message: String) {
        Self.writeAll(STDERR_FILENO, message + "\n")
    }

    /// Writes a question to stderr without a newline.
    func prompt(_ text: String) {
        Self.writeAll(STDERR_FILENO, text)
    }

    private static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { ProcessExit.now(0) }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }
}
