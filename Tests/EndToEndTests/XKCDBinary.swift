import Foundation
import TestSupport

/// Runs the built `xkcd` binary with pipes, the way a script would.
struct XKCDBinary {
    /// What a run produced.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String

        var errorLines: [Substring] { stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") } }
    }

    /// The binary next to the test bundle (`.build/debug/xkcd`), or `XKCD_BINARY`.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["XKCD_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("xkcd")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("xkcd")
    }

    let baseURL: URL
    let dataDirectory: URL

    /// A binary pointed at `baseURL`, storing into a fresh temporary data directory.
    init(baseURL: URL) throws {
        self.baseURL = baseURL
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("xkcd-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    }

    /// A binary pointed at `baseURL`, storing into `dataDirectory` (shared with another).
    init(baseURL: URL, dataDirectory: URL) {
        self.baseURL = baseURL
        self.dataDirectory = dataDirectory
    }

    /// The environment every run gets: isolated from the user's own settings, but with the
    /// sanitizers' options (`make sanitize`) passed on.
    var environment: [String: String] {
        let sanitizerOptions = ProcessInfo.processInfo.environment.filter {
            ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].contains($0.key)
        }
        return sanitizerOptions.merging([
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": dataDirectory.path,
            "XKCD_BASE_URL": baseURL.absoluteString,
            "XKCD_EXPLAIN_URL": baseURL.absoluteString,
            "XKCD_DATA_DIR": dataDirectory.path,
            "XKCD_TIMEOUT": "5",
            // The picture after each move asks the terminal about graphics: its own tests say when.
            "XKCD_IMAGES": "never",
            // A source build finds the sentence encoder's model under .build: search by meaning
            // and the index it builds are for their own tests to name.
            "XKCD_MODEL": "",
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        ]) { _, own in own }
    }

    /// Runs with `arguments`, feeding `stdin`; through `wrapper` (a program and its arguments,
    /// given the binary's path and `arguments` after its own) when there is one.
    func run(
        _ arguments: [String], stdin: String = "", extraEnvironment: [String: String] = [:],
        in directory: URL? = nil, through wrapper: [String] = []
    ) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("in")
        let output = scratch.appendingPathComponent("out")
        let errors = scratch.appendingPathComponent("err")
        try Data(stdin.utf8).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = wrapper.dropFirst() + [Self.url.path] + arguments
        } else {
            process.executableURL = Self.url
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        process.environment = environment.merging(extraEnvironment) { _, new in new }
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// Starts a run with `arguments` in the background, its input and output discarded.
    func start(_ arguments: [String]) throws -> Process {
        try ChildProcess.startQuietly(Self.url, arguments, environment: environment)
    }

    /// Removes the data directory.
    func cleanUp() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}
