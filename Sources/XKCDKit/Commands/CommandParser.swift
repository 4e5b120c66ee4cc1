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
    package static let maxComicNumber = ComicNumberWord.maxComicNumber

    /// Parses a whole line: `;`-separated commands.
    package static func parse(line: String) throws(UsageError) -> [Command] {
        var commands: [Command] = []
        for words in try CommandTokenizer.split(line) {
            commands.append(try parse(words: words))
        }
        return commands
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
        if head.hasPrefix("/"), head.count > 1 {
            return .search(([String(head.dropFirst())] + rest).joined(separator: " "))
        }
        guard let spec = CommandSpec.named(head) else { throw unknown(head) }
        let input = try CommandScanner.scan(spec, rest)
        if input.flag(CommandScanner.help) { return .help(spec.name) }
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
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var errorDescription: String? { message }

    /// A user-typed word made safe and short enough to quote in a message.
    static func quote(_ word: String) -> String {
        "'\(TerminalSanitizer.brief(word))'"
    }
}
