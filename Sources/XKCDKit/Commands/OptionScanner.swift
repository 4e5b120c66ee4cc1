/// Reads options among words by their declarations: `--name value`, `--name=value`, flags,
/// and `--` ending the options. One scanner serves the global options (``GlobalOptionScan``)
/// and each command's (``CommandScanner``); what an undeclared option means is theirs to say.
struct OptionScanner<Declared> {
    /// What the next word or words are.
    enum Item {
        /// A declared option and its value (nil for a flag).
        case option(Declared, value: String?)
        /// A word that is not an option.
        case word(String)
        /// A word that looks like an option but names none declared.
        case undeclared(String)
        /// `--`, and every word after it.
        case end(rest: [String])
    }

    private let words: [String]
    private var index = 0
    private let find: (String) -> (option: Declared, name: String, takesValue: Bool)?
    private let splitsShortValues: Bool
    private let missingValue: (Declared, String) -> UsageError

    /// Scans `words`, finding each option's declaration with `find` (given the name as typed,
    /// before any `=`); `missingValue` is the error for an option typed as `name` without its value. `-x=v` is
    /// split at `=` only where `splitsShortValues`.
    init(
        _ words: [String], splitsShortValues: Bool,
        find: @escaping (String) -> (option: Declared, name: String, takesValue: Bool)?,
        missingValue: @escaping (_ option: Declared, _ name: String) -> UsageError
    ) {
        self.words = words
        self.splitsShortValues = splitsShortValues
        self.find = find
        self.missingValue = missingValue
    }

    /// Whether `word` is read as an option: it starts with `-` and is not a number (`-3` is a
    /// bad comic number or count, not an unknown option).
    static func isOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !ComicNumberWord.looksNumeric(word)
    }

    /// The next item, or nil after the last word.
    mutating func next() throws(UsageError) -> Item? {
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        guard Self.isOption(word) else { return .word(word) }
        if word == "--" {
            defer { index = words.count }
            return .end(rest: Array(words[index...]))
        }
        let parts =
            word.hasPrefix("--") || splitsShortValues
            ? word.split(separator: "=", maxSplits: 1).map(String.init) : [word]
        guard let found = find(parts[0]) else { return .undeclared(word) }
        guard found.takesValue else {
            guard parts.count == 1 else {
                throw UsageError("\(found.name) takes no value (got \(UsageError.quote(word)))")
            }
            return .option(found.option, value: nil)
        }
        if parts.count == 2 { return .option(found.option, value: parts[1]) }
        guard index < words.count else { throw missingValue(found.option, found.name) }
        defer { index += 1 }
        return .option(found.option, value: words[index])
    }
}

/// Reads a command's words by its declaration: options as its ``CommandSpec`` declares them
/// (`--jobs 4`, `--jobs=4`, `-j 4`, anywhere among the words), `-h`/`--help` for any command,
/// and `--` ending options. The same scanner serves REPL lines, `-c`, stdin and argv.
package enum CommandScanner {
    /// The long name recorded when help is asked for.
    package static let help = "--help"

    /// Scans the words after a command's name.
    package static func scan(_ spec: CommandSpec, _ words: [String]) throws(UsageError) -> CommandInput {
        var input = CommandInput(spec: spec, words: [], options: [:])
        var scanner = OptionScanner<OptionSpec>(
            words, splitsShortValues: false, find: { spec.option(named: $0).map { ($0, $0.name, $0.takesValue) } },
            missingValue: { option, _ in UsageError("\(option.name) needs a value — usage: \(spec.synopsis)") })
        while let item = try scanner.next() {
            switch item {
            case let .word(word):
                input.words.append(word)
            case let .end(rest):
                input.words += rest
            case let .option(option, value):
                input.options[option.name] = try value.map { value throws(UsageError) in try option.check(value) } ?? ""
            case let .undeclared(word):
                if word == "-h" || word.lowercased() == help {
                    input.options[help] = ""
                    continue
                }
                // A command without options, or a query, takes dashed words as words, as a title
                // or query may hold them; one with options refuses `--x`, and `-x` unless its
                // words are free text.
                guard !spec.options.isEmpty, spec.argument != .query, word.hasPrefix("--") || !spec.argument.isFreeText
                else {
                    input.words.append(word)
                    continue
                }
                throw UsageError("'\(spec.name)' has no option \(UsageError.quote(word)) — usage: \(spec.synopsis)")
            }
        }
        return input
    }
}

/// The global options wherever they are on a one-shot line (`xkcd favs --json` as well as
/// `xkcd --json favs`), read by ``GlobalOptionSpec``, and the command's words in order. Before
/// the command an unknown option is an error; after it, it is left for the command's own
/// grammar. `--` ends the global options; after the command it stays, for the command's
/// scanner to end its options too (`xkcd search -- --json`).
struct GlobalOptionScan {
    /// Each option given, with its value (nil for a flag), in order.
    var given: [(spec: GlobalOptionSpec, value: String?)] = []
    /// The command and its arguments.
    var words: [String] = []

    /// Scans `arguments`.
    init(_ arguments: [String]) throws(UsageError) {
        var scanner = OptionScanner<GlobalOptionSpec>(
            arguments, splitsShortValues: true,
            find: { name in GlobalOptionSpec.named(name).map { ($0, name, $0.takesValue) } },
            missingValue: { spec, name in UsageError("\(name) needs a value — e.g. \(spec.synopsis)") })
        while let item = try scanner.next() {
            switch item {
            case let .word(word):
                words.append(word)
            case let .end(rest):
                words += (words.isEmpty ? [] : ["--"]) + rest
            case let .option(spec, value):
                given.append((spec, value))
            case let .undeclared(word):
                guard words.isEmpty else {
                    words.append(word)
                    continue
                }
                throw Self.unknown(word)
            }
        }
    }

    private static func unknown(_ argument: String) -> UsageError {
        let name = String(argument.split(separator: "=", maxSplits: 1)[0])
        let names = GlobalOptionSpec.shown.flatMap(\.names)
        // A single letter is a guess at a long name (-v for --version), not a typo of another letter.
        if name.count == 2, let letter = name.last?.lowercased() {
            let guesses = names.filter { $0.hasPrefix("--\(letter)") }
            guard !guesses.isEmpty else {
                return UsageError("unknown option \(UsageError.quote(argument)) — try 'xkcd --help'")
            }
            let listed = guesses.map { "'\($0)'" }.joined(separator: " or ")
            return UsageError("unknown option \(UsageError.quote(argument)) — did you mean \(listed)?")
        }
        if let suggestion = EditDistance.closest(to: name, among: names) {
            return UsageError("unknown option \(UsageError.quote(argument)) — did you mean '\(suggestion)'?")
        }
        return UsageError("unknown option \(UsageError.quote(argument)) — try 'xkcd --help'")
    }
}
