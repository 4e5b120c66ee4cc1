import ArgumentParser
import XKCDKit

/// A command of ``CommandSpec/all`` as argument-parser sees it: its name, aliases, usage and
/// help come from its spec, and its words go, unparsed, to the one grammar (``CommandParser``),
/// so `xkcd goto 353` means what `goto 353` means in the REPL.
protocol SpecAdapter: ParsableCommand {
    /// The command's name in ``CommandSpec/all``.
    static var name: String { get }
    /// The words after the name.
    var words: CommandWords { get }
}

extension SpecAdapter {
    static var configuration: CommandConfiguration {
        let spec = CommandSpec.named(name)
        return CommandConfiguration(commandName: name, abstract: spec?.summary ?? "",
                                    usage: spec.map { "\(ProgramHelp.name) \($0.synopsis)" },
                                    discussion: spec?.details ?? "", aliases: spec?.aliases ?? [])
    }

    /// The command the words make.
    func command() throws(UsageError) -> Command {
        try CommandParser.parse(words: [Self.name] + words.words)
    }
}

/// The words after a command's name, kept as given (options included) for the grammar.
struct CommandWords: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: "The command's arguments and options.")
    var words: [String] = []
}
