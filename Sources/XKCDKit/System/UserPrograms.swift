/// The programs the user's environment chooses for reading long text (`PAGER`) and opening
/// addresses (`BROWSER`), as command lines: words split as a shell would split them (quotes
/// and backslashes honoured), never run through a shell.
package enum UserPrograms {
    /// The pagers to try, first first: `PAGER` when set, else `less -R` then `more`; none when
    /// `PAGER` turns paging off (empty, or `cat`) or cannot be read.
    package static func pagers(_ variable: String?) -> [[String]] {
        guard let variable else { return [["less", "-R"], ["more"]] }
        guard let words = words(variable), let program = words.first, program != "cat" else { return [] }
        return [words]
    }

    /// What a pager is told besides the text, as git tells it: `less` shows colours and quits
    /// on a screenful (`LESS=FRX`) and `lv` passes them (`LV=-c`), unless the user set either.
    package static func pagerSettings(_ environment: Environment) -> [String: String] {
        var settings: [String: String] = [:]
        if environment["LESS"] == nil { settings["LESS"] = "FRX" }
        if environment["LV"] == nil { settings["LV"] = "-c" }
        return settings
    }

    /// The browsers `BROWSER` lists (`:`-separated, first first), each with `url` put in: in
    /// place of `%s` where the entry has it, else as a last argument — as xdg-open and Python's
    /// webbrowser read it (`%%` stands for a `%`). Entries that cannot be read are skipped.
    package static func browsers(_ variable: String?, url: String) -> [[String]] {
        guard let variable else { return [] }
        return variable.split(separator: ":").compactMap { entry in
            guard let words = words(String(entry)), !words.isEmpty else { return nil }
            guard entry.contains("%s") else { return words + [url] }
            return words.map { substitute(url, into: $0) }
        }
    }

    /// The text-mode browsers Python's webbrowser knows, which need the terminal.
    static let textBrowsers: Set<String> = [
        "www-browser", "w3m", "lynx", "links", "links2", "elinks", "browsh", "carbonyl",
    ]

    /// Whether a browser named `program` (a name or a path) runs on the terminal, to be waited
    /// for: a known text-mode browser, or any browser where there is no graphical display.
    /// Otherwise it is started and left running, as a graphical browser stays open.
    package static func browserNeedsTerminal(_ program: String, environment: Environment) -> Bool {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return textBrowsers.contains(name) || !display
    }

    private static func substitute(_ url: String, into word: String) -> String {
        var result = ""
        var rest = Substring(word)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let next = rest.index(after: percent)
            guard next < rest.endIndex else {
                result += "%"
                return result
            }
            switch rest[next] {
            case "s": result += url
            case "%": result += "%"
            default: result += rest[percent...next]
            }
            rest = rest[rest.index(after: next)...]
        }
        return result + rest
    }

    // Shell-like words; nil for text that is not one command (an unterminated quote, a `;`).
    private static func words(_ text: String) -> [String]? {
        guard let commands = try? CommandTokenizer.split(text), commands.count <= 1 else { return nil }
        return commands.first?.map(\.text) ?? []
    }
}
