/// One command's definition: the single source for parsing, help, the man page and completion.
/// Its options are declared here and read by ``CommandScanner``; `build` makes the
/// ``Command`` from what the scanner found.
package struct CommandSpec: Sendable {
    /// Makes the command from scanned words.
    package typealias Builder = @Sendable (CommandInput) throws(UsageError) -> Command

    /// The canonical name.
    package var name: String
    /// Other names that run it.
    package var aliases: [String]
    /// What the usage line shows of its words after the name, e.g. `[K]`; its options follow,
    /// as they are declared.
    package var operands: String
    /// One line of what it does.
    package var summary: String
    /// More detail for `help NAME`.
    package var details: String
    /// What its words hold.
    package var argument: ArgumentKind
    /// The options it takes.
    package var options: [OptionSpec]
    /// Words Tab offers as its first argument, e.g. `stats` and `clear`.
    package var subcommands: [String]
    /// Which comics Tab completes after it.
    package var completes: ComicCompletion
    /// Which arguments Tab completes as file paths.
    package var paths: PathCompletion
    /// Makes the command.
    let build: Builder

    /// Creates a spec.
    package init(
        name: String, aliases: [String] = [], operands: String = "", summary: String, details: String,
        argument: ArgumentKind, options: [OptionSpec] = [], subcommands: [String] = [],
        completes: ComicCompletion = .none, paths: PathCompletion = .none, build: @escaping Builder
    ) {
        self.name = name
        self.aliases = aliases
        self.operands = operands
        self.summary = summary
        self.details = details
        self.argument = argument
        self.options = options
        self.subcommands = subcommands
        self.completes = completes
        self.paths = paths
        self.build = build
    }

    /// Every command, in the order `help` lists them.
    package static let all: [CommandSpec] = browsing + reading + library + program

    /// The spec whose name or alias is `word` (case-insensitive).
    package static func named(_ word: String) -> CommandSpec? {
        let lower = word.lowercased()
        return all.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// The usage line: the name, the operands and the options, e.g. `next [K]`,
    /// `search QUERY [--limit N | --all]`, `cache [stats | clear [--yes]]`.
    package var synopsis: String {
        var parts = [name]
        if !subcommands.isEmpty, operands.isEmpty {
            let choices = subcommands.map { word in
                ([word] + options.filter { $0.shown == .after(word) }.map { "[\($0.usage)]" }).joined(separator: " ")
            }
            parts.append("[\(choices.joined(separator: " | "))]")
        } else if !operands.isEmpty {
            parts.append(operands)
        }
        var groups: [String] = []
        for option in options {
            switch option.shown {
            case .alone:
                parts.append("[\(option.usage)]")
            case let .oneOf(group) where !groups.contains(group):
                groups.append(group)
                let choices = options.filter { $0.shown == .oneOf(group) }.map(\.usage)
                parts.append("[\(choices.joined(separator: " | "))]")
            case .oneOf, .after, .elsewhere:
                continue
            }
        }
        return parts.joined(separator: " ")
    }

    /// The option `word` names, if this command declares it.
    func option(named word: String) -> OptionSpec? {
        options.first { $0.isNamed(word) }
    }
}

extension CommandSpec: Equatable {
    /// Specs are equal when they name the same command.
    package static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool {
        lhs.name == rhs.name
    }
}

/// Which comics Tab offers for a command's argument.
package enum ComicCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every stored comic, by title or number.
    case stored
    /// Favorites only.
    case favorites
}

/// Which of a command's arguments Tab completes as file paths (in the shells).
package enum PathCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every argument that is not an option.
    case arguments
    /// The arguments after this first word (a subcommand).
    case after(String)
    /// Nothing typed yet, the word after a comic number, or a word that looks like a path
    /// (see ``CommandInput/looksLikePath(_:)``); other words name a comic.
    case afterComic
}

/// What a command's words after its options hold, for parsing, help and completion.
package enum ArgumentKind: Sendable, Equatable {
    /// Nothing.
    case none
    /// An optional positive count (next/prev).
    case count
    /// A comic number or title (required).
    case comic
    /// An optional comic number or title.
    case optionalComic
    /// An optional command name.
    case commandName
    /// Free text (required).
    case query
    /// Words of the command's own: a subcommand, a path.
    case words

    /// Whether a word starting with `-` can be part of the argument rather than an option:
    /// titles and queries are free text.
    var isFreeText: Bool {
        switch self {
        case .comic, .optionalComic, .query: true
        default: false
        }
    }
}
