/// The help screens, generated from ``CommandSpec/all``, fitted to the terminal's width.
package enum HelpText {
    /// Help on every command (nil) or on one, for `width` columns.
    package static func render(topic: String?, style: Style, width: Int = 80) -> String {
        if let topic, let spec = CommandSpec.named(topic) {
            var lines = HelpTable.usage(spec.synopsis, width: width, first: "usage: ", indent: "       ")
            if !spec.aliases.isEmpty {
                lines += TextWrapper.wrap(
                    spec.aliases.joined(separator: ", "), width: width, indent: "         ", first: "aliases: ")
            }
            lines.append("")
            lines += TextWrapper.reflow(spec.details, width: width)
            if spec.name == "config" || spec.completes == .settings {
                lines += ["", "Settings:"]
                let rows = SettingSpec.all.map { ($0.name, $0.helpText) }
                lines += HelpTable(rows: rows, column: 2 + (rows.map(\.0.count).max() ?? 0) + 2)
                    .lines(width: width, style: style)
            }
            return lines.joined(separator: "\n") + "\n"
        }
        var lines = ["Commands:"]
        let rows = CommandSpec.all.map { spec -> (String, String) in
            let names = ([spec.synopsis] + spec.aliases).joined(separator: ", ")
            return (names, spec.summary)
        }
        // Long usages get a line of their own, so the summaries line up within the width.
        let widest = 30
        let column = 2 + min(rows.map { DisplayWidth.of($0.0) }.max() ?? 0, widest) + 2
        lines += HelpTable(rows: rows, column: column).lines(width: width, style: style)
        lines.append("")
        lines += TextWrapper.wrap(
            "A bare number (353 or #353) goes to that comic. Separate commands with ';'.", width: width)
        lines += TextWrapper.wrap("Type 'help COMMAND' for more on one command.", width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form of the same help.
    package static func json(topic: String?) -> JSONValue {
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
