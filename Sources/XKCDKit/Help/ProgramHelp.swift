/// `xkcd --help`, and the facts about the program the man page shares with it.
package enum ProgramHelp {
    /// The program's name.
    package static let name = "xkcd"
    /// The version `--version` prints.
    package static let version = "0.1.0"

    /// What `--version` prints after the version: the terms of the code and of the data it shows.
    package static let terms = """
        The program is free software under the MIT licence.
        Comics by Randall Munroe, under CC BY-NC 2.5: https://creativecommons.org/licenses/by-nc/2.5/
        Explanations and community transcripts from explainxkcd, under CC BY-SA 3.0:
        https://creativecommons.org/licenses/by-sa/3.0/
        """
    /// What it is, in a few words.
    static let tagline = "browse xkcd from the terminal"

    /// The ways to run it: what follows the name, and what that does.
    static let forms: [(arguments: String, does: String)] = [
        ("[OPTIONS]", "the interactive browser (on a terminal)"),
        ("[OPTIONS] COMMAND [ARGS]", "run one command"),
        ("[OPTIONS] -c \"CMD; CMD\"", "run several commands"),
        ("[OPTIONS] < FILE", "run commands read from stdin, one per line"),
    ]

    /// The exit statuses and what each means.
    static let exitStatuses: [(code: Int32, meaning: String)] = [
        (0, "every command succeeded"),
        (1, "a command failed (scripts and -c go on, and report it at the end)"),
        (2, "usage error: a one-shot command line that cannot be run as written"),
    ]

    private static let optionColumn = 19

    /// The whole help for `width` columns: usage, options, exit statuses, then every command.
    package static func render(width: Int = 80) -> String {
        let plain = Style(enabled: false)
        var lines = TextWrapper.wrap("\(name) — \(tagline)", width: width) + [""]
        let usage = "usage: "
        let formTable = HelpTable(
            rows: forms.map { ("\(name) \($0.arguments)", $0.does) }, indent: usage.count,
            column: usage.count + (forms.map { DisplayWidth.of("\(name) \($0.arguments)") }.max() ?? 0) + 2)
        var table = formTable.lines(width: width, style: plain)
        table[0] = usage + table[0].dropFirst(usage.count)
        lines += table
        lines += ["", "options:"]
        lines += HelpTable(
            rows: GlobalOptionSpec.shown.map { ($0.synopsis, $0.helpText) }, column: optionColumn
        ).lines(width: width, style: plain)
        lines += ["", "exit status:"]
        lines += exitStatuses.flatMap {
            TextWrapper.wrap($0.meaning, width: width, indent: "     ", first: "  \($0.code)  ")
        }
        lines.append("")
        return lines.joined(separator: "\n") + "\n" + HelpText.render(topic: nil, style: plain, width: width)
    }
}
