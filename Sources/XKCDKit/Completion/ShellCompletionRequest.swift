#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Tab press in bash, zsh or fish, as the completion scripts hand it to `xkcd __complete`,
/// answered from ``GlobalOptionSpec`` and the REPL's own ``Completer``: the shells complete
/// what the REPL completes, by the same rules.
///
/// The answer's first line is `candidates`, or `directories` or `files` (the shell completes
/// those itself); the candidates follow, one a line. For zsh and fish each is `value`, or `value`, a
/// tab and a note; for bash each is ready for `COMPREPLY`: quoted to replace the word readline
/// completes, or, when readline only lists them, as plain text (a number with its title).
package struct ShellCompletionRequest: Sendable {
    // The words after the program name, unquoted; the last is the one being typed.
    private let words: [String]
    // The `--data-dir` given on the line, if any.
    private var dataDirectoryOption: String?
    private let line: ShellLine?
    private let readlineWord: String
    private let listing: Bool
    // The command's words without the global options (the last is the one being typed), and
    // the global option whose value is being typed, if any.
    private var commandWords: [String] = []
    private var valueOf: GlobalOptionSpec?
    private var optionsEnded = false

    /// What the shell offers.
    enum Offer: Equatable {
        /// These candidates for the word being typed.
        case candidates(CompletionMatches.Kind, [CompletionCandidate])
        /// Directory names.
        case directories
        /// File and directory names.
        case files
    }

    /// Reads `__complete`'s arguments: `bash TYPE WORD LINE` (`COMP_TYPE`, the word readline
    /// completes, and the command line up to the cursor), or `zsh WORD…` and `fish WORD…` (the
    /// words after the program name, unquoted, the last being the one typed). Nil when they are
    /// neither.
    package init?(arguments: [String]) {
        guard let name = arguments.first, let shell = CompletionShell(rawValue: name) else { return nil }
        if shell == .bash {
            guard arguments.count == 4 else { return nil }
            let line = ShellLine(arguments[3])
            self.line = line
            // 63 is `?`: a second Tab, which lists the candidates and inserts nothing.
            listing = arguments[1] == "63"
            readlineWord = arguments[2]
            words = line.words.count > 1 ? Array(line.words.dropFirst()) : [""]
        } else {
            line = nil
            listing = false
            readlineWord = ""
            words = arguments.count > 1 ? Array(arguments.dropFirst()) : [""]
        }
        scanOptions()
    }

    // Takes the global options out of the words before the one being typed, wherever they
    // stand, as ``GlobalOptionScan`` does; the rest are the command's.
    private mutating func scanOptions() {
        let last = words.count - 1
        var index = 0
        while index < last {
            let word = words[index]
            index += 1
            if optionsEnded || !OptionScanner<GlobalOptionSpec>.isOption(word) {
                commandWords.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                if !commandWords.isEmpty { commandWords.append(word) }
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard let spec = GlobalOptionSpec.named(parts[0]) else {
                // After the command, the command's own option; before it, a typo to pass over.
                if !commandWords.isEmpty { commandWords.append(word) }
                continue
            }
            if parts.count == 2 {
                if spec.key == .dataDirectory { dataDirectoryOption = parts[1] }
                continue
            }
            guard spec.takesValue else { continue }
            if index == last {
                valueOf = spec
                return
            }
            if spec.key == .dataDirectory { dataDirectoryOption = words[index] }
            index += 1
        }
        commandWords.append(words[last])
    }

    /// Where the titles are read from: the `--data-dir` on the line, else where ``GlobalOptions``
    /// would find it.
    package func dataDirectory(environment: Environment) -> URL {
        let variable = GlobalOptionSpec.all.first { $0.key == .dataDirectory }?.fallback.variable
        let fromEnvironment = variable.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        return DataDirectory.resolve(explicit: dataDirectoryOption ?? fromEnvironment, environment: environment)
    }

    /// What can replace the word being typed; `titles` is asked only when comics are completed.
    func offer(titles: () -> TitleIndex) -> Offer {
        let current = words[words.count - 1]
        if let option = valueOf {
            switch option.completion {
            case .none: return .candidates(.words, [])
            case .directories: return .directories
            case .files: return .files
            case let .words(values):
                return .candidates(.words, values.filter { $0.hasPrefix(current) }.map { CompletionCandidate($0) })
            }
        }
        let globalOptions = GlobalOptionSpec.shown.flatMap { spec in
            spec.names.filter { $0.hasPrefix(current) }.map { CompletionCandidate($0, note: spec.summary) }
        }
        let typingAnOption = !optionsEnded && OptionScanner<GlobalOptionSpec>.isOption(current)
        if commandWords.count == 1, typingAnOption {
            return .candidates(.words, globalOptions)
        }
        let command = commandWords
        let found = Completer().matches(command, titles: titles)
        switch found.kind {
        case .words:
            return .candidates(.words, found.candidates + (typingAnOption ? globalOptions : []))
        case .numbers:
            let mark = current.hasPrefix("#") ? "#" : ""
            return .candidates(.numbers, found.candidates.map { CompletionCandidate(mark + $0.value, note: $0.note) })
        case .paths:
            return .files
        case .titles:
            return .candidates(
                .titles, Self.lastWords(of: found.candidates, after: Array(command.dropFirst().dropLast())))
        }
    }

    // A title typed as several words: each candidate replaces only the last of them, so it is
    // offered from where the words typed before it end in the title, letter for letter. What
    // follows a space there starts at the next word; what follows mid-word (`city` in
    // "<City>-Style Pizza") starts at its next letter, so the line still names the title.
    private static func lastWords(of candidates: [CompletionCandidate], after typed: [String]) -> [CompletionCandidate]
    {
        let letters = TitleIndex.looseKey(typed.joined(separator: " "))
        guard !letters.isEmpty else { return candidates }
        return candidates.compactMap { candidate in
            guard let rest = remainder(of: candidate.value, after: letters), !rest.isEmpty else { return nil }
            return CompletionCandidate(rest, note: candidate.note)
        }
    }

    // `title` after the characters that spell `letters` (folded, punctuation and spaces passed
    // over), from its next word or letter; nil when they do not spell its start.
    private static func remainder(of title: String, after letters: String) -> String? {
        var rest = Substring(title)
        var wanted = Substring(letters)
        while !wanted.isEmpty {
            guard let c = rest.popFirst() else { return nil }
            let folded = TitleIndex.looseKey(String(c))
            guard !folded.isEmpty else { continue }
            guard wanted.hasPrefix(folded) else { return nil }
            wanted = wanted.dropFirst(folded.count)
        }
        let atSpace = rest.first?.isWhitespace ?? true
        return String(rest.drop { atSpace ? $0.isWhitespace : !($0.isLetter || $0.isNumber) })
    }

    /// The answer, in the form the shell's script reads.
    package func reply(titles: () -> TitleIndex) -> String {
        let lines: [String]
        switch offer(titles: titles) {
        case .directories:
            lines = ["directories"]
        case .files:
            lines = ["files"]
        case let .candidates(kind, candidates):
            if let line {
                lines = ["candidates"] + bashReplies(kind, candidates, line: line)
            } else {
                lines =
                    ["candidates"]
                    + candidates.map { candidate in
                        candidate.note.map { "\(candidate.value)\t\($0)" } ?? candidate.value
                    }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // Each candidate quoted as it must be typed, less what precedes the word readline replaces
    // (it splits words at `=` and `:` too); or, for a list, plain text, a number with its title.
    private func bashReplies(_ kind: CompletionMatches.Kind, _ candidates: [CompletionCandidate], line: ShellLine)
        -> [String]
    {
        if listing, candidates.count > 1 {
            return candidates.map { kind == .numbers ? "\($0.value) \($0.note ?? "")" : $0.value }
        }
        let quote = line.openQuote.flatMap { line.lastTyped.first == $0 ? $0 : nil }
        let cut = line.lastTyped.hasSuffix(readlineWord) ? line.lastTyped.count - readlineWord.count : 0
        // A title typed as several words goes on as words; one typed as one word stays one.
        guard kind == .titles, quote == nil, commandWords.count > 2 else {
            return candidates.map { candidate in
                String(
                    ((quote.map(String.init) ?? "") + BashQuoting.quote(candidate.value, inside: quote)).dropFirst(cut))
            }
        }
        return candidates.map { Self.titleWords($0.value, after: cut) }
    }

    // The rest of a title typed word by word as the words of a command line, each quoted for
    // bash, less the first `cut` characters of it as typed (spaces escaped, as readline's word
    // had them): the line reads as the title (`goto city Style Pizza`, not `goto city
    // Style\ Pizza`), and the command joins its words again.
    private static func titleWords(_ title: String, after cut: Int) -> String {
        var left = cut
        var out = ""
        for c in title {
            let escaped = BashQuoting.quote(String(c), inside: nil)
            guard left <= 0 else {
                left -= escaped.count
                continue
            }
            out += c.isWhitespace ? " " : escaped
        }
        return out
    }
}
