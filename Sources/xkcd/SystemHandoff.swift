import Foundation
import XKCDKit

/// Hands results to the desktop: the browser or mail program, the clipboard, the pager.
struct SystemHandoff {
    let terminal: Terminal
    let environment: Environment

    /// Opens `url` with `xdg-open` (or macOS's `open`); false when there is no opener or it failed.
    func open(_ url: String) -> Bool {
        // Only addresses this program made reach an opener, and never as an option.
        guard url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("mailto:"),
            let opener = ExternalProgram.find("xdg-open", environment: environment)
                ?? ExternalProgram.find("open", environment: environment)
        else { return false }
        return opener.run([url])
    }

    /// Puts `text` on the clipboard: OSC 52 through the terminal, and every clipboard tool
    /// the session offers. Returns the ways used (empty when there was none).
    func copy(_ text: String) -> [String] {
        var used: [String] = []
        if let tty = FileHandle(forWritingAtPath: "/dev/tty") {
            let sequence = "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
            try? tty.write(contentsOf: Data(sequence.utf8))
            try? tty.close()
            used.append("OSC 52")
        }
        var tools: [(String, [String])] = []
        if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { tools.append(("wl-copy", [])) }
        if !(environment["DISPLAY"] ?? "").isEmpty { tools.append(("xclip", ["-selection", "clipboard"])) }
        tools.append(("pbcopy", []))
        for (name, arguments) in tools {
            if let tool = ExternalProgram.find(name, environment: environment), tool.run(arguments, input: text) {
                used.append(name)
                break
            }
        }
        return used
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

    /// Shows `text` through `$PAGER` (default `less -R`) when stdout is a terminal and the
    /// text is taller than it; returns false when the caller should print it instead.
    func page(_ text: String) -> Bool {
        guard terminal.stdoutIsTTY, text.reduce(0, { $1 == "\n" ? $0 + 1 : $0 }) >= terminal.rows else { return false }
        let command = (environment["PAGER"] ?? "").split(separator: " ").map(String.init)
        let words = command.isEmpty ? ["less", "-R"] : command
        guard let pager = ExternalProgram.find(words[0], environment: environment) else { return false }
        return pager.run(Array(words.dropFirst()), input: text, inheritOutput: true)
    }
}
