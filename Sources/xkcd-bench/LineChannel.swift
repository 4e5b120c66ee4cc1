import Foundation

/// A long-running program fed one line at a time through a pipe, answering each with
/// output that ends in a known line: per-request latency without process start-up.
final class LineChannel {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts `path` with `arguments` and `environment`.
    init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends `line` and waits until a line satisfying `isLast` arrives; returns the seconds it took.
    func request(_ line: String, until isLast: (String) -> Bool) throws -> Double {
        try exchange(line, until: isLast).seconds
    }

    /// Sends `line` and waits until a line satisfying `isLast` arrives; returns the seconds it
    /// took and the lines that came, the last included.
    func exchange(_ line: String, until isLast: (String) -> Bool) throws -> (seconds: Double, lines: [String]) {
        let start = Measure.now()
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        var lines: [String] = []
        while true {
            lines.append(try readLine())
            if isLast(lines[lines.count - 1]) { return (Measure.now() - start, lines) }
        }
    }

    /// Closes the program's input and waits for it to exit.
    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLine() throws -> String {
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = read(fd, &chunk, chunk.count)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw BenchError("the program stopped answering") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}
