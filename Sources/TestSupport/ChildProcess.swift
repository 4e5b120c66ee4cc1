import Foundation

/// Runs a program to the end and collects what it printed: for tests that drive other tools
/// (bash, groff, make) the way a user would.
package enum ChildProcess {
    /// How a run ended.
    package struct Result: Sendable {
        /// The exit status.
        package var status: Int32
        /// Standard output.
        package var stdout: String
        /// Standard error.
        package var stderr: String
    }

    /// Starts the program at `executable` with `arguments` (and `environment`, when given) in the
    /// background, its input and output discarded: it holds none of the caller's pipes, whose
    /// readers would otherwise wait for an end that never comes.
    package static func startQuietly(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil)
        throws -> Process
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `executable` (a path, or a name looked up on `PATH` by `/usr/bin/env`) with
    /// `arguments` and, when given, `environment` instead of the test's.
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Result
    {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes drain at once, so neither can fill up and stall the child.
        let errorText = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorText.withLock { $0 }, as: UTF8.self))
    }
}
