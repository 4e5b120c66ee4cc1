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
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                words += arguments[(words.isEmpty ? index : index - 1)...]
                return
            }
            guard Self.isOption(argument) else {
                words.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let spec = GlobalOptionSpec.named(parts[0]) else {
                guard words.isEmpty else {
                    words.append(argument)
                    continue
                }
                throw Self.unknown(argument)
            }
            if !spec.takesValue {
                guard parts.count == 1 else {
                    throw UsageError("\(parts[0]) takes no value (got \(UsageError.quote(argument)))")
                }
                given.append((spec, nil))
            } else if parts.count == 2 {
                given.append((spec, parts[1]))
            } else {
                guard index < arguments.count else {
                    throw UsageError("\(parts[0]) needs a value — e.g. \(spec.synopsis)")
                }
                given.append((spec, arguments[index]))
                index += 1
            }
        }
    }

    /// Whether `word` is an option: it starts with `-` and is not a
    /// negative number (`xkcd -3` is a bad comic number, not an unknown option).
    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        return !(word.count > 1 && word.dropFirst().allSatisfy { $0.isASCII && $0.isNumber })
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
