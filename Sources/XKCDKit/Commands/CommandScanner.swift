/// Reads a command's words by its declaration: options as its ``CommandSpec`` declares them
/// (`--jobs 4`, `--jobs=4`, `-j 4`, anywhere among the words), `-h`/`--help` for any command,
/// and `--` ending options. The same scanner serves REPL lines, `-c`, stdin and argv.
package enum CommandScanner {
    /// The long name recorded when help is asked for.
    package static let help = "--help"

    /// Scans the words after a command's name.
    package static func scan(_ spec: CommandSpec, _ words: [String]) throws(UsageError) -> CommandInput {
        var input = CommandInput(spec: spec, words: [], options: [:])
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !isOptionLike(word) {
                input.words.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word.lowercased() == help {
                input.options[help] = ""
                continue
            }
            let parts = word.hasPrefix("--") ? word.split(separator: "=", maxSplits: 1).map(String.init) : [word]
            guard let option = spec.option(named: parts[0]) else {
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
            guard option.takesValue else {
                guard parts.count == 1 else {
                    throw UsageError("\(option.name) takes no value (got \(UsageError.quote(word)))")
                }
                input.options[option.name] = ""
                continue
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
            } else {
                guard index < words.count else {
                    throw UsageError("\(option.name) needs a value — usage: \(spec.synopsis)")
                }
                value = words[index]
                index += 1
            }
            input.options[option.name] = try option.check(value)
        }
        return input
    }

    /// Whether `word` is read as an option: it starts with `-` and is not a number (`-3` is a
    /// bad comic number or count, not an unknown option).
    package static func isOptionLike(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !ComicNumberWord.looksNumeric(word)
    }
}
