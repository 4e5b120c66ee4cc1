import Foundation
import TestSupport

/// A suite that runs Debian's tmux on a socket of its own.
protocol TmuxSuite {
    /// The server's socket, a path of the test's own.
    var socket: String { get }
}

extension TmuxSuite {
    /// A socket path no other server uses.
    static func newSocket() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-tmux-\(UUID().uuidString)").path
    }

    // What tmux shows in `target`'s pane.
    func capture(_ target: String) throws -> String {
        let file = socket + ".screen"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try tmux(["capture-pane", "-t", target, ";", "save-buffer", file])
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    // Runs tmux and waits for it; not through Process, whose wait would not end while the
    // server tmux leaves running holds what it watches its children through.
    func tmux(_ arguments: [String]) throws {
        let status = CleanSpawn.run("/usr/bin/tmux", ["-S", socket] + arguments)
        guard status == 0 else { throw TmuxError("tmux \(arguments.joined(separator: " ")) failed (\(status ?? -1))") }
    }
}

private struct TmuxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
