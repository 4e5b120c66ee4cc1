import Foundation

/// A stand-in for a desktop program (an opener, notify-send) that records each argument it
/// gets on its own line, so a test can see exactly the argument vector it was run with.
enum FakeProgram {
    /// Writes `bin/name` recording to `log`, and waits until it can be run.
    static func install(_ name: String, in bin: URL, log: URL) throws {
        try install(
            name, in: bin, script: "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(log.path)'; done\n")
    }

    /// Writes `bin/name` as `script`, which must do nothing and succeed when run without
    /// arguments, and waits until it can be run.
    static func install(_ name: String, in bin: URL, script text: String) throws {
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent(name)
        try text.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Another test's child may briefly hold the new file open for writing (inherited
        // across fork), and exec then fails with ETXTBSY: wait until it runs (with no
        // arguments it records nothing).
        for _ in 0..<100 {
            let probe = Process()
            probe.executableURL = script
            if (try? probe.run()) != nil {
                probe.waitUntilExit()
                if probe.terminationStatus == 0 { break }
            }
            usleep(20_000)
        }
    }
}
