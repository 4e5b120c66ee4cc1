import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// Pictures inside tmux, with Debian's tmux on a socket of the test's own: the binary finds
/// the server through `TMUX`, as it does in a pane.
@Suite(.serialized) final class TmuxImageTests: TmuxSuite {
    private let loopback: Loopback
    let socket: String
    private var environment: [String: String] { ["TMUX": "\(socket),1,0"] }

    init() throws {
        loopback = try Loopback()
        try loopback.server.serveImages(from: ComicArchive.locateFixtures().appendingPathComponent("imgs"))
        socket = Self.newSocket()
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

    @Test func whatFollowsAPassedThroughPictureLandsBelowIt() throws { try withServer(linesBelowAPicture) }

    // In a pane of 80 x 24 cells, #353 drawn by kitty, then a line printed: tmux's own screen
    // shows the picture's rows left empty and the line right below them.
    private func linesBelowAPicture() throws {
        try tmux(["set", "-g", "allow-passthrough", "on"])
        try tmux(["set", "-g", "status", "off"])
        try tmux(["set", "-g", "default-size", "80x24"])
        let variables = loopback.xkcd.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // A moment's wait, for what the pane is sent to be copied from the start.
        let command =
            "sleep 0.5; env \(variables) '\(XKCDBinary.url.path)' image 353 --renderer kitty; echo BELOW; sleep 600"
        let raw = socket + ".raw"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try tmux(["new-window", "-d", "-t", "xkcd", "-n", "picture", command])
        try tmux(["pipe-pane", "-t", "xkcd:picture", "-o", "cat > '\(raw)'"])
        var screen: [Substring] = []
        for _ in 0..<200 {
            screen = try capture("xkcd:picture").split(separator: "\n", omittingEmptySubsequences: false)
            if screen.contains("BELOW") { break }
            usleep(50_000)
        }
        let below = try #require(screen.firstIndex(of: "BELOW"), "\(screen)")
        // The rows the picture takes, as the program reserved them (`ESC [ N A`).
        let sent = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
        let up = try #require(sent.firstMatch(of: /\x1B\[(\d+)A/), "\(sent.prefix(80).debugDescription)")
        let rows = Int(up.1) ?? 0
        #expect(rows > 1 && below == rows, "the line comes right below the picture's \(rows) rows")
        #expect(screen[..<below].allSatisfy { $0.allSatisfy(\.isWhitespace) }, "nothing is written over it")
    }

    @Test func aPictureInAScrolledPaneIsSentAfterTheScroll() throws { try withServer(picturesAfterTheScroll) }

    // A REPL in a pane of 80 x 24 cells, on a client of the test's own, draws #353 with
    // kitty's protocol until the pane has scrolled: tmux must have passed the scroll that
    // makes each picture's rows on to the terminal before the picture, or the terminal moves
    // the picture up with it. So the pane asks where its cursor is between the rows and the
    // picture, and nothing scrolls the terminal between a picture and the next prompt.
    private func picturesAfterTheScroll() throws {
        try tmux(["set", "-g", "allow-passthrough", "on"])
        try tmux(["set", "-g", "status", "off"])
        let client = try attachedClient()
        defer { client.terminate() }
        let variables = assignments(["TERM": "xterm-256color"])
        let raw = socket + ".raw"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try tmux(["new-window", "-t", "xkcd", "-n", "repl", "env \(variables) '\(XKCDBinary.url.path)'; sleep 600"])
        try tmux(["pipe-pane", "-t", "xkcd:repl", "-o", "cat > '\(raw)'"])
        _ = try client.waitFor("xkcd")
        let pieces = "\u{1B}_Ga=T"
        for time in 1...8 {
            try tmux(["send-keys", "-t", "xkcd:repl", "image 353 --renderer kitty", "Enter"])
            let expected = time
            for _ in 0..<200 where client.output.components(separatedBy: pieces).count - 1 < expected {
                usleep(50_000)
            }
            usleep(300_000)
        }
        // The pane is sent each picture's rows, then asked where its cursor is (tmux answers
        // once it has taken the rows in), and only then the picture.
        let sent = (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
        let settled = sent.matches(of: /\x1B\[\d+A\x1B\[6n\x1BPtmux;\x1B\x1B\[\d+;1H\x1B\x1B_Ga=T/)
        #expect(settled.count == 8, "\(sent.prefix(120).debugDescription)")
        let shown = client.output.components(separatedBy: pieces)
        try #require(shown.count == 9, "eight pictures reached the terminal")
        for (index, after) in shown.dropFirst().enumerated() {
            // What tmux sends up to the next prompt: a line feed or CSI S would scroll it.
            let untilPrompt = after.components(separatedBy: "xkcd> ").first ?? ""
            let scrolls = untilPrompt.contains("\n") || untilPrompt.contains(/\x1B\[\d*S/)
            #expect(!scrolls, "picture \(index + 1): \(untilPrompt.suffix(80).debugDescription)")
        }
    }

    @Test(arguments: ["top", "bottom"])
    func aPictureInASplitPaneLandsUnderItsCommandLine(status: String) throws {
        try withServer { try pictureInASplitPane(status: status) }
    }

    // A REPL in the lower right of four panes, with tmux's status line on top or at the
    // bottom: the picture's first row on the terminal is the one under the command line, as
    // the client's screen has it (status line included).
    private func pictureInASplitPane(status: String) throws {
        try tmux(["set", "-g", "allow-passthrough", "on"])
        try tmux(["set", "-g", "status", "on"])
        try tmux(["set", "-g", "status-position", status])
        let client = try attachedClient()
        defer { client.terminate() }
        let variables = assignments(["TERM": "xterm-256color"])
        try tmux(["new-window", "-t", "xkcd", "-n", "split", "sleep 600"])
        try tmux(["split-window", "-v", "-t", "xkcd:split", "sleep 600"])
        try tmux(["split-window", "-h", "-t", "xkcd:split", "env \(variables) '\(XKCDBinary.url.path)'; sleep 600"])
        _ = try client.waitFor("xkcd> ")
        try tmux(["send-keys", "-t", "xkcd:split", "image 353 --renderer kitty --width 12", "Enter"])
        let origin = try #require(
            try client.waitFor("\u{1B}_Ga=T").firstMatch(of: /\x1B\[(\d+);(\d+)H\x1B_Ga=T/), "the picture is placed")
        let pane = try capture("xkcd:split").split(separator: "\n", omittingEmptySubsequences: false)
        let commandStart = try #require(pane.firstIndex { $0.contains("image 353") }, "\(pane)")
        // The command wraps in a narrow pane; the picture's rows, left empty, follow its last.
        let commandRow = try #require(pane[commandStart...].firstIndex { $0.isEmpty }, "\(pane)") - 1
        let place = try paneCorner("xkcd:split")
        let statusAbove = status == "top" ? 1 : 0
        // 1-based: the row under the command line, in the pane's first column.
        #expect(Int(origin.1) == statusAbove + place.top + commandRow + 2, "status \(status)")
        #expect(Int(origin.2) == place.left + 1, "status \(status)")
    }

    // Where `target`'s pane is in its window, as tmux says.
    private func paneCorner(_ target: String) throws -> (top: Int, left: Int) {
        let file = socket + ".corner"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let query = "tmux -S '\(socket)' display -p -t '\(target)' '#{pane_top} #{pane_left}' > '\(file)'"
        try tmux(["run-shell", "-t", target, query])
        let numbers = try String(contentsOfFile: file, encoding: .utf8).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard numbers.count == 2 else { throw TmuxError("no pane corner for \(target)") }
        return (numbers[0], numbers[1])
    }

    @Test func aClientTmuxKnowsForFewColoursIsNamed() throws { try withServer(fewColours) }

    // Half blocks in a pane whose client's terminal tmux knows for 8 colours (`xterm`'s
    // terminfo), then for 256: one line says what to set, the first time only.
    private func fewColours() throws {
        try tmux(["set", "-g", "status", "off"])
        for (term, noted) in [("xterm", true), ("xterm-256color", false)] {
            let client = try PseudoTerminal(
                executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket, "attach", "-t", "xkcd"],
                environment: ["TERM": term], columns: 100, rows: 30)
            defer { client.terminate() }
            let command =
                "env \(assignments([:])) '\(XKCDBinary.url.path)' image 353 --renderer blocks --width 20; "
                + "echo DONE; sleep 600"
            try tmux(["new-window", "-t", "xkcd", "-n", term, command])
            var screen = ""
            for _ in 0..<200 {
                screen = try capture("xkcd:\(term)")
                if screen.contains("DONE") { break }
                usleep(50_000)
            }
            let line = "note: tmux knows this terminal (\(term)) for 8 colours only"
            #expect(screen.contains(line) == noted, "\(term)\n\(screen)")
            // Wrapped at spaces to the pane's width.
            let joined = screen.split(separator: "\n").joined(separator: " ")
            if noted { #expect(joined.contains("set -as terminal-features ',xterm*:RGB'"), "\(screen)") }
        }
    }

    @Test func aDarkTerminalOutsideTmuxIsAskedThroughIt() throws { try withServer(backgroundThroughTmux) }

    // A client on a terminal of the test's own, which answers the background question tmux
    // passes on with a dark grey: #353 in half blocks is drawn light-on-dark, on the
    // terminal's own background.
    private func backgroundThroughTmux() throws {
        let sent = try halfBlocksOnAClient(answer: "\u{1B}]11;rgb:1e1e/1e1e/1e1e\u{1B}\\\u{1B}[?62;22c")
        // The questions went out wrapped for tmux to pass on; the picture follows them.
        #expect(sent.hasPrefix("\u{1B}Ptmux;"), "\(sent.prefix(40).debugDescription)")
        let picture = try #require(sent.range(of: "\u{1B}\\", options: .backwards)).upperBound
        #expect(HalfBlockCells.darkShare(String(sent[picture...]), darkTerminal: true) > 0.5)
        #expect(!sent.contains("48;2;0;0;0m"), "no black box on the grey")
    }

    @Test func anUnknownBackgroundInTmuxIsTheTerminalsOwn() throws { try withServer(unknownBackgroundInTmux) }

    // A client on a terminal that answers nothing, as tmux 3.3a answers no OSC 11 itself: #353
    // in half blocks takes the terminal's default colours, with no white paper of its own.
    private func unknownBackgroundInTmux() throws {
        let sent = try halfBlocksOnAClient(answer: nil)
        let start = try #require(sent.range(of: "\u{1B}[39;49m"), "\(sent.suffix(80).debugDescription)")
        let picture = sent[start.lowerBound...]
        #expect(picture.contains("▀") || picture.contains("▄"))
        #expect(!picture.contains("\u{1B}[48;2;") && !picture.contains("\u{1B}[38;2;"), "no colour of its own")
    }

    // What the pane is sent for #353 in true-colour half blocks, with passthrough on and a
    // client attached whose terminal gives `answer` to the background question, or nothing.
    private func halfBlocksOnAClient(answer: String?) throws -> String {
        try tmux(["set", "-g", "allow-passthrough", "on"])
        let client = try attachedClient()
        defer { client.terminate() }
        let variables = assignments(["COLORTERM": "truecolor"])
        let command =
            "sleep 0.5; env \(variables) '\(XKCDBinary.url.path)' image 353 --renderer blocks; echo DONE; sleep 600"
        let raw = socket + ".raw"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try tmux(["new-window", "-t", "xkcd", "-n", "picture", command])
        try tmux(["pipe-pane", "-t", "xkcd:picture", "-o", "cat > '\(raw)'"])
        if let answer {
            _ = try client.waitFor("\u{1B}]11;?")
            client.send(answer)
        }
        for _ in 0..<400 where !(try capture("xkcd:picture")).contains("DONE") { usleep(50_000) }
        return (try? String(contentsOfFile: raw, encoding: .utf8)) ?? ""
    }

    // A client of 80 x 24 cells on a terminal of the test's own, attached to the session.
    private func attachedClient() throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket, "attach", "-t", "xkcd"],
            columns: 80, rows: 24)
    }

    // The loopback's environment with `extra`, as `env` takes it in a pane's command.
    private func assignments(_ extra: [String: String]) -> String {
        loopback.xkcd.environment.merging(extra) { $1 }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    }

    @Test func aCopyGoesThroughTmuxOnlyWhereItPassesItOn() throws { try withServer(copies) }

    // `share --copy` in a pane: with set-clipboard on, tmux takes the OSC 52 into a paste buffer
    // and the program says it sent it; with the default (external) or off, nothing is sent, and
    // the program says what to change and fails, having no other way to copy.
    private func copies() throws {
        try tmux(["set", "-g", "status", "off"])
        try tmux(["set", "-g", "default-size", "200x24"])
        let variables = loopback.xkcd.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let buffer = socket + ".buffer"
        defer { try? FileManager.default.removeItem(atPath: buffer) }
        for setting in ["on", "external", "off"] {
            try tmux(["set", "-g", "set-clipboard", setting])
            try? tmux(["delete-buffer"])
            let command =
                "sleep 0.5; env -u DISPLAY -u WAYLAND_DISPLAY PATH=/usr/bin:/bin \(variables) "
                + "'\(XKCDBinary.url.path)' share 353 --copy; echo STATUS=$?; sleep 600"
            try tmux(["new-window", "-d", "-t", "xkcd", "-n", setting, command])
            var screen = ""
            for _ in 0..<200 {
                screen = try capture("xkcd:\(setting)")
                if screen.contains("STATUS=") { break }
                usleep(50_000)
            }
            try? FileManager.default.removeItem(atPath: buffer)
            try? tmux(["save-buffer", buffer])
            let copied = (try? String(contentsOfFile: buffer, encoding: .utf8)) ?? ""
            #expect(screen.contains("xkcd #353: Python"), "\(setting): the text is printed\n\(screen)")
            #expect(!screen.contains("copied to the clipboard"), "\(setting): nothing confirms it arrived")
            if setting == "on" {
                #expect(copied.hasPrefix("xkcd #353: Python"), "tmux has it: \(copied.debugDescription)")
                #expect(screen.contains("sent to the terminal through tmux (OSC 52)") && screen.contains("STATUS=0"))
            } else {
                #expect(copied.isEmpty, "\(setting): nothing sent: \(copied.debugDescription)")
                #expect(screen.contains("error: cannot copy: tmux does not pass OSC 52 on"), "\(screen)")
                #expect(screen.contains("set-clipboard is \(setting)") && screen.contains("'set -g set-clipboard on'"))
                #expect(screen.contains("STATUS=1"))
            }
        }
    }

    // What tmux shows in `target`'s pane.
    private func capture(_ target: String) throws -> String {
        let file = socket + ".screen"
        defer { try? FileManager.default.removeItem(atPath: file) }
        // In a buffer of its own, gone at once: the newest buffer stays what the pane copied.
        try tmux([
            "capture-pane", "-b", "xkcd-screen", "-t", target, ";", "save-buffer", "-b", "xkcd-screen", file, ";",
            "delete-buffer", "-b", "xkcd-screen",
        ])
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    // Runs tmux and waits for it; not through Process, whose wait would not end while the
    // server tmux leaves running holds what it watches its children through.
    private func tmux(_ arguments: [String]) throws {
        let status = CleanSpawn.run("/usr/bin/tmux", ["-S", socket] + arguments)
        guard status == 0 else { throw TmuxError("tmux \(arguments.joined(separator: " ")) failed (\(status ?? -1))") }
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
        #expect(kitty.status == 0 && kitty.stdout.contains("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "\(kitty.stderr)")
    }
}
