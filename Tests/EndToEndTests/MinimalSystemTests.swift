import Foundation
import TestSupport
import Testing

/// The binary where a minimal chroot or container has no /proc: a mount namespace of its own
/// with an empty file system over /proc (needs root, as CI has).
@Suite(
    .enabled(
        if: WithoutProc.isPossible,
        "needs root to hide /proc in a mount namespace, and a build without sanitizers (their runtimes read /proc)"))
final class MinimalSystemTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
    }

    // Commands run on libdispatch's threads, which stop the process, now and then, where
    // /proc/<tid>/stat cannot be read: they are refused in one line instead.
    @Test func theVersionAndHelpWorkWithoutProcAndCommandsSayWhyTheyCannot() throws {
        let hidden = WithoutProc.wrapper
        let version = try xkcd.run(["--version"], through: hidden)
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("xkcd "))
        #expect(try xkcd.run(["--help"], through: hidden).stdout.contains("usage: xkcd"))
        let refusal =
            "error: /proc is not mounted here, and xkcd needs it to run commands — mount it: mount -t proc proc /proc"
        for run in [
            try xkcd.run(["goto", "353"], through: hidden), try xkcd.run([], stdin: "alt 353\n", through: hidden),
        ] {
            #expect(run.status == 1)
            #expect(run.errorLines == [Substring(refusal)])
            #expect(run.stdout.isEmpty)
        }
    }
}

/// Running a program with an empty /proc.
enum WithoutProc {
    /// A wrapper: the program and its arguments follow its own.
    static let wrapper = [
        "/usr/bin/unshare", "--mount", "/bin/sh", "-c", "mount -t tmpfs none /proc && exec \"$@\"", "sh",
    ]

    /// Whether this machine lets the tests do it, and the binary can run so: the sanitizers'
    /// runtimes (`make sanitize` builds the tests and the binary with one) need /proc.
    static var isPossible: Bool {
        let sanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(nil, name) != nil }
        guard !sanitized, geteuid() == 0, FileManager.default.isExecutableFile(atPath: wrapper[0]) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: wrapper[0])
        probe.arguments = Array(wrapper.dropFirst()) + ["/bin/true"]
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }
}
