#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns words into a ``Command``: the one grammar of the REPL, `-c`, stdin and one-shot use.
/// The command's row in ``CommandSpec/all`` declares its words and options; the scanner reads
/// them; the row's `build` makes the command.
package enum CommandParser {
    /// The largest comic number accepted before asking the server.
    static let maxComicNumber = ComicNumberWord.maxComicNumber

    /// Parses a whole line: `;`-separated commands, each on its own, so that one that does not
    /// parse stands in its place as its error and the others still run. A line that cannot be
    /// split (an unclosed quote) is an error as a whole.
    package static func parse(line: String) throws(UsageError) -> [Result<Command, UsageError>] {
        try CommandTokenizer.split(line).map { words in
            Result { () throws(UsageError) in try parse(words: QueryWords.fromLine(words)) }
        }
    }

    /// Parses one command's words (the first is the command name, a number or `#N`).
    package static func parse(words: [String]) throws(UsageError) -> Command {
        guard let head = words.first else { throw UsageError("empty command") }
        let rest = Array(words.dropFirst())
        if ComicNumberWord.looksNumeric(head) {
            guard rest.isEmpty else {
                throw UsageError(
                    "unexpected \(UsageError.quote(rest.joined(separator: " "))) after \(UsageError.quote(head))")
            }
            return .goto(.number(try ComicNumberWord.parse(head)))
        }
        // `/words` is `/ words`, as in vim and less: its options are read too.
        if head.hasPrefix("/"), head.count > 1 {
            return try parse(words: ["/", String(head.dropFirst())] + rest)
        }
        guard let spec = CommandSpec.named(head) else { throw unknown(head) }
        let input = try CommandScanner.scan(spec, rest)
        if input.asksForHelp { return .help(spec.name) }
        return try spec.build(input)
    }

    /// The command names and aliases closest to `word`, for "did you mean".
    package static func suggestion(for word: String) -> String? {
        let names = CommandSpec.all.flatMap { spec in ([spec.name] + spec.aliases).map { ($0, spec.name) } }
        let closest = EditDistance.closest(to: word.lowercased(), among: names.map(\.0))
        return names.first { $0.0 == closest }?.1
    }

    /// "unknown command", with the nearest name where one is near.
    static func unknown(_ word: String) -> UsageError {
        if let suggestion = suggestion(for: word) {
            return UsageError("unknown command \(UsageError.quote(word)) — did you mean '\(suggestion)'?")
        }
        return UsageError("unknown command \(UsageError.quote(word)) — type 'help' for the list")
    }
}

/// A command line that cannot be run as written (exit status 2 one-shot).
package struct UsageError: Error, Equatable, Sendable, LocalizedError {
    /// The one-line message shown after `error: `.
    package var message: String

    /// Creates an error with `message`.
    init(_ message: String) {
        self.message = message
    }

    package var errorDescription: String? { message }

    /// A user-typed word made safe and short enough to quote in a message.
    static func quote(_ word: String) -> String {
        "'\(TerminalSanitizer.brief(word))'"
    }
}

/// Splits a command line into commands (on `;`) and words (on spaces), honouring
/// single quotes, double quotes and backslash escapes. An apostrophe after a letter is one, not
/// a quote, where a letter follows it (`search can't sleep`, `goto Ballmer's Peak`) or no other
/// could close it (`search the programmers' jokes aren't funny`: the one of `aren't`, between
/// two letters, closes nothing).
package enum CommandTokenizer {
    /// Whether a script line is a comment: its first word starts with `#` and is not a comic
    /// number (`#353` goes to that comic; `# 353`, `#!/usr/bin/env xkcd` and `#note` are comments).
    package static func isComment(_ line: String) -> Bool {
        let text = line.drop { $0.isWhitespace }
        guard text.hasPrefix("#") else { return false }
        let word = String(text.prefix { !$0.isWhitespace && $0 != ";" })
        return !ComicNumberWord.looksNumeric(word)
    }

    /// The words of each `;`-separated command; empty commands are dropped.
    static func split(_ line: String) throws(UsageError) -> [[LineWord]] {
        var commands: [[LineWord]] = []
        var words: [LineWord] = []
        var word = LineWord()
        var inWord = false
        var quote: Character?
        var escaped = false
        let characters = Array(line)
        // The last `'` that could close a quote: one not between two letters.
        let lastCloser = characters.indices.last { index in
            characters[index] == "'"
                && !(index > 0 && characters[index - 1].isLetter && index + 1 < characters.count
                    && characters[index + 1].isLetter)
        }
        for (i, c) in characters.enumerated() {
            if escaped {
                word.text.append(c)
                escaped = false
                continue
            }
            if let q = quote {
                if c == q {
                    quote = nil
                } else if c == "\\" && q == "\"" {
                    escaped = true
                } else {
                    word.text.append(c)
                    if c.isWhitespace { word.quotesASpace = true }
                }
                continue
            }
            switch c {
            case "\\":
                escaped = true
                inWord = true
            case "'"
            where word.text.last?.isLetter == true
                && (i + 1 < characters.count && characters[i + 1].isLetter || (lastCloser ?? -1) <= i):
                word.text.append(c)
            case "\"", "'":
                quote = c
                inWord = true
            case ";":
                if inWord { words.append(word) }
                if !words.isEmpty { commands.append(words) }
                words = []
                word = LineWord()
                inWord = false
            case _ where c.isWhitespace:
                if inWord { words.append(word) }
                word = LineWord()
                inWord = false
            default:
                word.text.append(c)
                inWord = true
            }
        }
        if quote != nil { throw UsageError("unterminated quote — close it with \(quote.map(String.init) ?? "")") }
        if escaped { word.text.append("\\") }
        if inWord { words.append(word) }
        if !words.isEmpty { commands.append(words) }
        return commands
    }
}

/// A word of a command line as ``CommandTokenizer`` read it: its text, quotes and escapes
/// undone, and whether quotes in the line held a space of it (`"make me a sandwich"`), which
/// makes it a phrase where the command takes a query.
struct LineWord: Equatable {
    var text = ""
    var quotesASpace = false
}

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
enum CommandScanner {
    /// Scans the words after a command's name.
    static func scan(_ spec: CommandSpec, _ words: [String]) throws(UsageError) -> CommandInput {
        var input = CommandInput(spec: spec)
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
                input.given[option.name] = try option.read(value)
            case let .undeclared(word):
                if word == "-h" || word.lowercased() == "--help" {
                    input.asksForHelp = true
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

    /// Scans `arguments`. After the command, an option the command declares itself is the
    /// command's (`sync --images` is sync's, not the global `--images MODE`).
    init(_ arguments: [String]) throws(UsageError) {
        let command = CommandFound()
        var scanner = OptionScanner<GlobalOptionSpec>(
            arguments, splitsShortValues: true,
            find: { name in
                if command.spec?.option(named: name) != nil { return nil }
                return GlobalOptionSpec.named(name).map { ($0, name, $0.takesValue) }
            },
            missingValue: { spec, name in UsageError("\(name) needs a value — e.g. \(spec.synopsis)") })
        while let item = try scanner.next() {
            switch item {
            case let .word(word):
                if words.isEmpty { command.spec = CommandSpec.named(word) }
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

    // The command, once its word is read: the scanner's lookups ask it.
    private final class CommandFound {
        var spec: CommandSpec?
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

/// A command's words as ``CommandScanner`` found them: the options given, each read once
/// as its key's type (`input[.limit]` is an `Int?`, `input[.all]` a `Bool`), and the other
/// words in order. Its accessors read the words as the command's ``ArgumentKind`` says, with
/// a message naming the bad word when they do not fit.
package struct CommandInput: Sendable {
    let spec: CommandSpec
    /// The words that are not options.
    var words: [String] = []
    /// Whether `-h` or `--help` was among them.
    var asksForHelp = false
    // Each option given, under its declared long name, as its key's type (a flag's is `true`).
    fileprivate var given: [String: any Sendable] = [:]

    /// Whether the flag was given.
    subscript(_ flag: OptionKey<Bool>) -> Bool {
        assertDeclared(flag.name)
        return given[flag.name] != nil
    }

    /// The option's value, when it was given.
    subscript<Value>(_ option: OptionKey<Value>) -> Value? {
        assertDeclared(option.name)
        return given[option.name] as? Value
    }

    // A build that reads an option its row does not declare would never see it given.
    private func assertDeclared(_ name: String) {
        assert(spec.options.contains { $0.name == name }, "'\(spec.name)' declares no \(name)")
    }

    /// No words at all.
    func nothing() throws(UsageError) {
        guard words.isEmpty else {
            throw UsageError("'\(spec.name)' takes no arguments (got \(UsageError.quote(joined)))")
        }
    }

    /// An optional positive count, 1 when absent.
    func count() throws(UsageError) -> Int {
        guard let word = words.first else { return 1 }
        guard words.count == 1 else { throw extra(after: "\(spec.name) \(word)", from: 1) }
        guard let k = Int(word), k >= 1 else {
            throw UsageError(
                "'\(spec.name)' takes a positive count, not \(UsageError.quote(word)) — usage: \(spec.synopsis)")
        }
        return k
    }

    /// A comic by number (when the words are one number) or by title (every word, so a title
    /// may start with a number); nil when there are none. Several numbers are refused: they
    /// are a typo far more often than a title.
    func comic() throws(UsageError) -> ComicReference? {
        guard let word = words.first else { return nil }
        if words.count == 1, ComicNumberWord.looksNumeric(word) { return .number(try ComicNumberWord.parse(word)) }
        if words.allSatisfy(ComicNumberWord.looksNumeric) {
            throw UsageError(
                "'\(spec.name)' takes one comic number, not \(UsageError.quote(joined)) — e.g. \(spec.name) \(word)"
                    + " (quote a title made of numbers: \(spec.name) \"\(joined)\")")
        }
        return .title(joined)
    }

    /// A comic (number or title, optional) and then a path (optional): after a number, the
    /// next word; after a title, the last word when it looks like a path (``looksLikePath(_:)``).
    func comicAndPath() throws(UsageError) -> (ComicReference?, String?) {
        guard let first = words.first, let last = words.last else { return (nil, nil) }
        if words.count == 2, ComicNumberWord.looksNumeric(first), !ComicNumberWord.looksNumeric(last) {
            return (.number(try ComicNumberWord.parse(first)), last)
        }
        guard Self.looksLikePath(last) else { return (try comic(), nil) }
        var comicWords = self
        comicWords.words.removeLast()
        return (try comicWords.comic(), last)
    }

    /// Whether `word` reads as a file path rather than part of a title: it holds a `/`, starts
    /// with `.` or `~`, or ends in an image file's extension.
    static func looksLikePath(_ word: String) -> Bool {
        let lower = word.lowercased()
        return word.contains("/") || word.hasPrefix(".") || word.hasPrefix("~")
            || [".png", ".jpg", ".jpeg", ".gif"].contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    /// The words as one text, as typed.
    var joined: String {
        words.joined(separator: " ")
    }

    /// The words as a search query (``QueryWords``).
    var query: String {
        QueryWords.text(words)
    }

    /// "unexpected 'b' after 'save'": the words from `index` on are too many.
    func extra(after head: String, from index: Int) -> UsageError {
        let rest = words.dropFirst(index).joined(separator: " ")
        return UsageError("unexpected \(UsageError.quote(rest)) after \(UsageError.quote(head))")
    }
}

/// Reading a comic number as typed: `353`, `#353`, `+353`; `-3` is read only to be refused.
enum ComicNumberWord {
    /// The largest comic number accepted before asking the server.
    static let maxComicNumber = 9_999_999

    /// Whether `word` is written as a number (it may still be out of range).
    static func looksNumeric(_ word: String) -> Bool {
        var body = Substring(word)
        if body.hasPrefix("#") { body = body.dropFirst() }
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The comic number `word` names.
    static func parse(_ word: String) throws(UsageError) -> Int {
        var body = Substring(word)
        if body.hasPrefix("#") { body = body.dropFirst() }
        if body.hasPrefix("-") { throw UsageError("comic numbers start at 1 (got \(word))") }
        if body.hasPrefix("+") { body = body.dropFirst() }
        guard let num = Int(body), num <= maxComicNumber else {
            throw UsageError("no comic number is that large (got \(UsageError.quote(word)))")
        }
        guard num >= 1 else { throw UsageError("comic numbers start at 1 (got \(word))") }
        return num
    }
}
