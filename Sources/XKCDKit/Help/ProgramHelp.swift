/// `xkcd --help`, and the facts about the program the man page shares with it.
public enum ProgramHelp {
    /// The program's name.
    public static let name = "xkcd"
    /// The version `--version` prints.
    public static let version = "0.1.0"
    /// What it is, in a few words.
    public static let tagline = "browse xkcd from the terminal"

    /// The ways to run it: what follows the name, and what that does.
    public static let forms: [(arguments: String, does: String)] = [
        ("[OPTIONS]", "the interactive browser (on a terminal)"),
        ("[OPTIONS] COMMAND [ARGS]", "run one command"),
        ("[OPTIONS] -c \"CMD; CMD\"", "run several commands"),
        ("[OPTIONS] < FILE", "run commands read from stdin, one per line"),
    ]

    /// The exit statuses and what each means.
    public static let exitStatuses: [(code: Int32, meaning: String)] = [
        (0, "every command succeeded"),
        (1, "a command failed (scripts and -c go on, and report it at the end)"),
        (2, "usage error: a one-shot command line that cannot be run as written"),
    ]

    private static let width = 80
    private static let optionColumn = 19

    /// The whole help: usage, options, exit statuses, then every command.
    public static func render() -> String {
        var lines = ["\(name) — \(tagline)", ""]
        let formWidth = forms.map { $0.arguments.count }.max() ?? 0
        for (index, form) in forms.enumerated() {
            let lead = index == 0 ? "usage: " : "       "
            let padding = String(repeating: " ", count: formWidth - form.arguments.count + 2)
            lines.append("\(lead)\(name) \(form.arguments)\(padding)\(form.does)")
        }
        lines += ["", "options:"]
        let indent = String(repeating: " ", count: optionColumn)
        for option in GlobalOptionSpec.shown {
            var text = TextWrapper.wrap(option.helpText, width: width, indent: indent)
            let lead = "  " + option.synopsis
            if lead.count + 2 <= optionColumn {
                text[0] =
                    lead.padding(toLength: optionColumn, withPad: " ", startingAt: 0) + text[0].dropFirst(optionColumn)
            } else {
                text.insert(lead, at: 0)
            }
            lines += text
        }
        lines += ["", "exit status:"]
        lines += exitStatuses.map { "  \($0.code)  \($0.meaning)" }
        lines.append("")
        return lines.joined(separator: "\n") + "\n" + HelpText.render(topic: nil, style: Style(enabled: false))
    }
}
