import Foundation
import TestSupport
import Testing

/// Addresses in kitty inside tmux, with Debian's tmux (3.3a) on a socket of the test's own and a
/// client attached on a terminal of the test's own: the pane inherits `KITTY_WINDOW_ID`, as it
/// does when tmux is started in kitty.
@Suite(.serialized) final class TmuxHyperlinkTests: TmuxSuite {
    private let loopback: Loopback
    let socket: String

    init() throws {
        loopback = try Loopback()
        socket = Self.newSocket()
    }

    // tmux 3.3a knows no `hyperlinks` feature: even asked for it, its clients do not have it,
    // and the escape would be dropped with the address's scheme.
    @Test func tmuxWithoutTheHyperlinksFeatureGetsTheAddressWhole() throws {
        let sent = try card(in: ["set", "-as", "terminal-features", "*:hyperlinks"])
        #expect(sent.contains("\u{1B}[38;5;63m#353"), "in colour: \(sent.debugDescription)")
        #expect(!sent.contains("\u{1B}]8;"), "no OSC 8: \(sent.debugDescription)")
        #expect(sent.contains("https://xkcd.com/353/"), "the address with its scheme: \(sent.debugDescription)")
    }

    // A tmux that reports the feature, as 3.4 does with it on: the real server's answer with
    // `hyperlinks` added, from a `tmux` first on the pane's PATH.
    @Test func tmuxWithTheHyperlinksFeatureGetsALink() throws {
        let bin = URL(fileURLWithPath: socket + ".bin")
        defer { try? FileManager.default.removeItem(at: bin) }
        let wrapper = """
            #!/bin/sh
            [ $# -gt 0 ] || exit 0
            if [ "$1" = display ]; then echo "$(/usr/bin/tmux "$@"),hyperlinks"; else exec /usr/bin/tmux "$@"; fi

            """
        try FakeProgram.install("tmux", in: bin, script: wrapper)
        let sent = try card(in: ["set", "-as", "terminal-features", "*:hyperlinks"], path: bin.path + ":/usr/bin:/bin")
        #expect(sent.contains("\u{1B}]8;;https://xkcd.com/353/\u{1B}\\"), "\(sent.debugDescription)")
    }

    // What `xkcd 353` writes to a 100 x 30 pane of a server set up by `setting`, with a client
    // attached.
    private func card(in setting: [String], path: String = "/usr/bin:/bin") throws -> String {
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "xkcd", "-x", "100", "-y", "30", "sleep 600"])
        defer {
            try? tmux(["kill-server"])
            try? FileManager.default.removeItem(atPath: socket)
        }
        try tmux(["set", "-g", "status", "off"])
        try tmux(setting)
        let client = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket, "attach", "-t", "xkcd"],
            columns: 100, rows: 30)
        defer { client.terminate() }
        var environment = loopback.xkcd.environment
        environment["KITTY_WINDOW_ID"] = "1"
        environment["PATH"] = path
        let variables = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // A moment's wait, for what the pane is sent to be copied from the start; without the
        // test runner's NO_COLOR, which would turn links off with the colour.
        let command = "sleep 0.5; env -u NO_COLOR \(variables) '\(XKCDBinary.url.path)' 353; echo DONE; sleep 600"
        let raw = socket + ".raw"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try tmux(["new-window", "-t", "xkcd", "-n", "card", command])
        try tmux(["pipe-pane", "-t", "xkcd:card", "-o", "cat > '\(raw)'"])
        for _ in 0..<200 where !(try capture("xkcd:card")).contains("DONE") { usleep(50_000) }
        let sent = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
        try #require(sent.contains("DONE"), "the card was printed: \(sent.debugDescription)")
        return sent
    }
}
