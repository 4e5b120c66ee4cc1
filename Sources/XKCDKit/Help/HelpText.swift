/// The help screens, generated from ``CommandSpec/all``.
public enum HelpText {
    /// Help on every command (nil) or on one.
    public static func render(topic: String?, style: Style) -> String {
        if let topic, let spec = CommandSpec.named(topic) {
            var lines = ["usage: \(spec.synopsis)"]
            if !spec.aliases.isEmpty { lines.append("aliases: \(spec.aliases.joined(separator: ", "))") }
            lines.append("")
            lines.append(spec.details)
            return lines.joined(separator: "\n") + "\n"
        }
        var lines = ["Commands:"]
        let rows = CommandSpec.all.map { spec -> (String, String) in
            let names = ([spec.synopsis] + spec.aliases).joined(separator: ", ")
            return (names, spec.summary)
        }
        // Long usages get a line of their own, so the summaries line up within 80 columns.
        let widest = 30
        let column = min(rows.map { DisplayWidth.of($0.0) }.max() ?? 0, widest) + 2
        for (names, summary) in rows {
            let width = DisplayWidth.of(names)
            if width > widest {
                lines.append("  " + style.bold(names))
                lines.append(String(repeating: " ", count: column + 2) + summary)
            } else {
                lines.append("  " + style.bold(names) + String(repeating: " ", count: column - width) + summary)
            }
        }
        lines.append("")
        lines.append("A bare number (353 or #353) goes to that comic. Separate commands with ';'.")
        lines.append("Type 'help COMMAND' for more on one command.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form of the same help.
    public static func json(topic: String?) -> JSONValue {
        func entry(_ spec: CommandSpec) -> JSONValue {
            .object([
                ("name", .string(spec.name)),
                ("aliases", .array(spec.aliases.map(JSONValue.string))),
                ("usage", .string(spec.synopsis)),
                ("summary", .string(spec.summary)),
            ])
        }
        if let topic, let spec = CommandSpec.named(topic) { return entry(spec) }
        return .object([("commands", .array(CommandSpec.all.map(entry)))])
    }
}
