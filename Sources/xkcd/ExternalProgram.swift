import Foundation
import XKCDKit

/// Another program run with an argument vector (never through a shell): openers, clipboard
/// tools and the pager.
struct ExternalProgram {
    /// The executable's path.
    let path: String

    /// The first executable named `name` on `PATH`.
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

    /// Runs it with `arguments`, `input` on its stdin; its output goes to the terminal when
    /// `inheritOutput`, else nowhere. Returns whether it ran and exited with status 0.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, inheritOutput: Bool = false) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = input.map { _ in Pipe() }
        process.standardInput = pipe ?? FileHandle.nullDevice
        if !inheritOutput {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        do {
            try process.run()
        } catch {
            return false
        }
        if let pipe, let input {
            // A reader that quits early (q in the pager) closes the pipe: stop writing quietly.
            let handle = pipe.fileHandleForWriting
            try? handle.write(contentsOf: Data(input.utf8))
            try? handle.close()
        }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }
}
