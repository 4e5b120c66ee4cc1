/// Whether `share --copy` sends its OSC 52 escape, and what it may then say: a terminal never
/// confirms the escape, so what is sent is never reported as on the clipboard.
package enum ClipboardEscape: Equatable {
    /// Send it; inside tmux, whose `set-clipboard` is `on` and passes it on.
    case send(throughTmux: Bool)
    /// Do not: tmux drops an application's OSC 52 with `set-clipboard` at this value.
    case droppedByTmux(setting: String)

    /// The decision, given whether this runs inside tmux and, if so, what
    /// `tmux show -gv set-clipboard` printed (nil: tmux did not say).
    package static func decide(insideTmux: Bool, setClipboard: String?) -> ClipboardEscape {
        guard insideTmux else { return .send(throughTmux: false) }
        let setting = setClipboard?.trimmingSpacesAndNewlines() ?? ""
        switch setting {
        case "external", "off": return .droppedByTmux(setting: setting)
        case "on": return .send(throughTmux: true)
        default: return .send(throughTmux: false)
        }
    }

    /// What a copy came to: the escape as decided (`sent`: it reached the terminal device) and
    /// the clipboard tools that took the text. `notice` is for stderr; `error` means the copy
    /// could not be made at all.
    package static func report(_ escape: ClipboardEscape, sent: Bool, tools: [String]) -> (
        notice: String?, error: String?
    ) {
        var parts: [String] = []
        if !tools.isEmpty { parts.append("copied to the clipboard (\(tools.joined(separator: ", ")))") }
        switch escape {
        case let .send(throughTmux) where sent:
            parts.append(throughTmux ? "sent to the terminal through tmux (OSC 52)" : "sent to the terminal (OSC 52)")
        case let .droppedByTmux(setting):
            let advice =
                "tmux does not pass OSC 52 on to the terminal (set-clipboard is \(setting)): "
                + "put 'set -g set-clipboard on' in ~/.tmux.conf"
            guard !tools.isEmpty else { return (nil, "cannot copy: \(advice)") }
            parts.append("not sent to the terminal: \(advice)")
        case .send:
            break
        }
        guard !parts.isEmpty else {
            return (nil, "cannot copy: no terminal to send OSC 52 to and no wl-copy, xclip or pbcopy")
        }
        return (parts.joined(separator: "; "), nil)
    }
}
