/// The options before the command, as given: flags and values read by ``GlobalOptionSpec``,
/// and the words from the first one that is not an option on.
struct GlobalOptionScan {
    /// Each option given, with its value (nil for a flag), in order.
    var given: [(spec: GlobalOptionSpec, value: String?)] = []
    /// The command and its arguments.
    var words: [String] = []

    /// Scans `arguments`; `--` ends the options.
    init(_ arguments: [String]) throws(UsageError) {
        var index = 0
        while index < arguments.count, Self.isOption(arguments[index]) {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let spec = GlobalOptionSpec.named(parts[0]) else { throw Self.unknown(argument) }
            if !spec.takesValue {
                guard parts.count == 1 else { throw UsageError("\(parts[0]) takes no value (got \(UsageError.quote(argument)))") }
                given.append((spec, nil))
            } else if parts.count == 2 {
                given.append((spec, parts[1]))
            } else {
                guard index < arguments.count else { throw UsageError("\(parts[0]) needs a value — e.g. \(spec.synopsis)") }
                given.append((spec, arguments[index]))
                index += 1
            }
        }
        words = Array(arguments[index...])
    }

    /// Whether `word`, before the command, is an option: it starts with `-` and is not a
    /// negative number (`xkcd -3` is a bad comic number, not an unknown option).
    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        return !(word.count > 1 && word.dropFirst().allSatisfy { $0.isASCII && $0.isNumber })
    }

    private static func unknown(_ argument: String) -> UsageError {
        let name = String(argument.split(separator: "=", maxSplits: 1)[0])
        let names = GlobalOptionSpec.shown.flatMap(\.names)
        let nearest = names.map { ($0, EditDistance.between(name, $0)) }.min { $0.1 < $1.1 }
        if let (suggestion, distance) = nearest, distance <= 2 {
            return UsageError("unknown option \(UsageError.quote(argument)) — did you mean '\(suggestion)'?")
        }
        return UsageError("unknown option \(UsageError.quote(argument)) — try 'xkcd --help'")
    }
}
