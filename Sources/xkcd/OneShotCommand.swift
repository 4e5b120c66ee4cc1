import ArgumentParser
import XKCDKit

/// `xkcd COMMAND [ARGS]` through argument-parser: a subcommand for each ``CommandSpec`` (see
/// ``SpecAdapters``). Only run when there is a command: building the parser reflects over
/// every type, and starting without one must stay fast.
struct OneShotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ProgramHelp.name, abstract: ProgramHelp.tagline, subcommands: SpecAdapters.all)

    /// The command `words` make. `-h` or `--help` among them asks for that command's help, as
    /// `help COMMAND` does; what argument-parser cannot read is a usage error (exit status 2,
    /// not its 64).
    static func command(_ words: [String]) throws(UsageError) -> Command {
        guard let name = words.first, let spec = CommandSpec.named(name) else {
            // 353, #353, /query, or a typo the grammar answers with a suggestion.
            return try CommandParser.parse(words: words)
        }
        // Every adapter hands its words to the grammar untouched, so words without options need
        // nothing from argument-parser, whose reflection over every command costs several
        // milliseconds per run. Anything option-like still goes through it: help flags, and the
        // dashes it refuses on its own.
        let rest = words.dropFirst()
        if !rest.contains(where: { $0.hasPrefix("-") }), let command = try? CommandParser.parse(words: [spec.name] + rest) {
            return command
        }
        let parsed: ParsableCommand
        do {
            // Names are matched in any case, as in the REPL.
            parsed = try parseAsRoot([name.lowercased()] + words.dropFirst())
        } catch {
            guard exitCode(for: error) == .success else {
                let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "cannot read the command"
                throw UsageError(message.prefix(1).lowercased() + message.dropFirst() + " — usage: \(spec.synopsis)")
            }
            return .help(spec.name)
        }
        guard let adapter = parsed as? any SpecAdapter else {
            // argument-parser's own help command, for help flags it finds itself.
            return .help(spec.name)
        }
        return try adapter.command()
    }

    /// argument-parser's JSON description of the commands (`--experimental-dump-help`), for
    /// tools built on it.
    static var toolInfo: String {
        do {
            _ = try parseAsRoot(["--experimental-dump-help"])
        } catch {
            return fullMessage(for: error) + "\n"
        }
        return ""
    }
}
