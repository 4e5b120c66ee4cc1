import Foundation
import TestSupport
import Testing

/// Pictures inside tmux, with Debian's tmux on a socket of the test's own: the binary finds
/// the server through `TMUX`, as it does in a pane.
@Suite(.serialized) final class TmuxImageTests {
    private let loopback: Loopback
    private let socket: String
    private var environment: [String: String] { ["TMUX": "\(socket),1,0"] }

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-tmux-\(UUID().uuidString)").path
    }

    // A tmux server of the test's own for the time of `body`; its session ends by itself
    // should the test not get to stop it.
    private func withServer(_ body: () throws -> Void) throws {
        try tmux(["new-session", "-d", "-s", "xkcd", "sleep 600"])
        defer {
            try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: socket)
        }
        try body()
    }

    // Runs tmux and waits for it. Not through Process: the server tmux leaves running keeps
    // what Foundation watches its children through, and waiting on the client would not end.
    private func tmux(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner blocks signals its children inherit: the server would not stop.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/usr/bin/tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ) == 0 else {
            throw TmuxError("tmux could not be started")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError("tmux \(arguments.joined(separator: " ")) failed (\(status))") }
    }

    private struct TmuxError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aForcedPictureTmuxWillNotPassSaysHowToLetIt() throws { try withServer(forcedPictures) }

    private func forcedPictures() throws {
        try tmux(["set", "-g", "allow-passthrough", "off"])
        for renderer in ["kitty", "sixel", "iterm"] {
            let run = try loopback.xkcd.run(["image", "353", "--renderer", renderer], extraEnvironment: environment)
            #expect(run.status == 1, "\(renderer)")
            #expect(run.stdout.isEmpty, "nothing drawn, not even a blank line")
            #expect(
                run.stderr.hasPrefix("error: tmux does not pass images") && run.stderr.contains("allow-passthrough on"))
            #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line")
        }
        let blocks = try loopback.xkcd.run(["image", "353", "--renderer", "blocks"], extraEnvironment: environment)
        #expect(blocks.status == 0 && blocks.stdout.contains("▀"), "text needs no passthrough")

        try tmux(["set", "-g", "allow-passthrough", "on"])
        let kitty = try loopback.xkcd.run(["image", "353", "--renderer", "kitty"], extraEnvironment: environment)
        #expect(kitty.status == 0 && kitty.stdout.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "\(kitty.stderr)")
    }
}
