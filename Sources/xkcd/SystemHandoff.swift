import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands results to the desktop: the browser or mail program, the clipboard, the pager.
struct SystemHandoff {
    let terminal: Terminal
    let environment: Environment

    /// What came of asking to open an address.
    enum Opening: Equatable {
        /// A program took it.
        case opened
        /// Programs were there and each failed; their names.
        case failed([String])
        /// Nothing here opens addresses; the programs `BROWSER` names that are not here.
        case nothingToOpenWith(missing: [String])
    }

    /// Opens `url` with the browsers `$BROWSER` lists (in order, until one succeeds; a web
    /// address only: `mailto:` goes to the mail program xdg-open knows), else `xdg-open` (or
    /// macOS's `open`).
    func open(_ url: String) -> Opening {
        // Only addresses this program made reach an opener, and never as an option.
        guard url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("mailto:") else {
            return .nothingToOpenWith(missing: [])
        }
        var failed: [String] = []
        var missing: [String] = []
        let browsers = url.hasPrefix("mailto:") ? [] : UserPrograms.browsers(environment["BROWSER"], url: url)
        for words in browsers {
            guard let browser = ExternalProgram.find(words[0], environment: environment) else {
                missing.append(words[0])
                continue
            }
            let arguments = Array(words.dropFirst())
            let opened =
                UserPrograms.browserNeedsTerminal(words[0], environment: environment)
                ? browser.runOnTerminal(arguments).succeeded : browser.startDetached(arguments)
            if opened { return .opened }
            failed.append(words[0])
        }
        if let opener = ExternalProgram.find("xdg-open", environment: environment)
            ?? ExternalProgram.find("open", environment: environment)
        {
            if opener.run([url]) { return .opened }
            failed.append(URL(fileURLWithPath: opener.path).lastPathComponent)
        }
        return failed.isEmpty ? .nothingToOpenWith(missing: missing) : .failed(failed)
    }

    /// Puts `text` on the clipboard: OSC 52 through the terminal (inside tmux only where tmux
    /// passes it on), and the first clipboard tool the session offers. Returns what to tell the
    /// user, or the error when nothing took the text.
    func copy(_ text: String) -> (notice: String?, error: String?) {
        let insideTmux = environment["TMUX"] != nil
        let setting =
            insideTmux
            ? ExternalProgram.find("tmux", environment: environment)?.output(
                ["show", "-gv", "set-clipboard"], within: .seconds(2)) : nil
        let escape = ClipboardEscape.decide(insideTmux: insideTmux, setClipboard: setting)
        var sent = false
        if case .send = escape {
            sent = Terminal.writeToControllingTerminal("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}")
        }
        var tools: [(String, [String])] = []
        if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { tools.append(("wl-copy", [])) }
        if !(environment["DISPLAY"] ?? "").isEmpty { tools.append(("xclip", ["-selection", "clipboard"])) }
        tools.append(("pbcopy", []))
        var used: [String] = []
        for (name, arguments) in tools {
            if let tool = ExternalProgram.find(name, environment: environment), tool.run(arguments, input: text) {
                used.append(name)
                break
            }
        }
        return ClipboardEscape.report(escape, sent: sent, tools: used)
    }

    /// Raises a desktop notification with `notify-send` (Linux) or `osascript` (macOS);
    /// false when there is neither or it failed. The texts are arguments, never script source.
    func notify(title: String, body: String) -> Bool {
        if let notifySend = ExternalProgram.find("notify-send", environment: environment) {
            return notifySend.run(["--app-name=xkcd", "--", title, body])
        }
        if let osascript = ExternalProgram.find("osascript", environment: environment) {
            let script = [
                "-e", "on run argv", "-e", "display notification (item 2 of argv) with title (item 1 of argv)", "-e",
                "end run",
            ]
            return osascript.run(script + [title, body])
        }
        return false
    }

    /// What came of showing text through the pager.
    enum Paging: Equatable {
        /// The pager showed it.
        case paged
        /// The caller should print it: not a terminal, short enough, or paging is off.
        case printInstead
        /// `$PAGER` names a program that is not here; the caller should print the text.
        case pagerMissing(String)
    }

    /// Shows `text` through `$PAGER` (default `less -R`, else `more`) when stdout is a terminal
    /// and the text is taller than it. The pager runs on the terminal and gets Ctrl-C.
    func page(_ text: String) -> Paging {
        guard terminal.stdoutIsTTY, text.reduce(0, { $1 == "\n" ? $0 + 1 : $0 }) >= terminal.rows else {
            return .printInstead
        }
        let candidates = UserPrograms.pagers(environment["PAGER"])
        for words in candidates {
            guard let pager = ExternalProgram.find(words[0], environment: environment) else { continue }
            let ending = pager.runOnTerminal(
                Array(words.dropFirst()), input: text, settings: UserPrograms.pagerSettings(environment))
            return ending == .notStarted ? .pagerMissing(words[0]) : .paged
        }
        guard environment["PAGER"] != nil, let missing = candidates.first?.first else { return .printInstead }
        return .pagerMissing(missing)
    }
}
