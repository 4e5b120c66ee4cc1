#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Completes command names, then each command's arguments: options, command names after
/// `help`, comics by title or number after the commands that name one, and file paths after
/// those that take one. Pure: the file names come from the caller. The REPL asks
/// ``complete(_:titles:paths:)`` about its line; the shells ask ``matches(_:titles:)`` through
/// ``ShellCompletionRequest``.
package struct Completer: Sendable {
    /// The most candidates listed for one Tab.
    static let maxCandidates = 200

    /// Creates a completer.
    package init() {}

    /// What `words` can be completed to: the first word is the command (or, alone, the command
    /// being typed), the last is the word being typed (empty after a space). `titles` is asked
    /// only when comics are completed.
    func matches(_ words: [String], titles: () -> TitleIndex) -> CompletionMatches {
        let names = CommandSpec.all.map { CompletionCandidate($0.name, note: $0.summary) }
        guard words.count > 1 else { return filter(names, by: words.first ?? "") }
        guard let spec = CommandSpec.named(words[0]) else {
            return CompletionMatches(kind: .words, typed: words.last ?? "", candidates: [])
        }
        let arguments = words.dropFirst()
        if arguments.count > 1, let option = spec.option(named: arguments[arguments.endIndex - 2]), option.takesValue {
            return optionValues(option, typed: arguments.last ?? "")
        }
        let argument = arguments.joined(separator: " ")
        let isFirstArgument = arguments.count == 1
        var pool = (spec.subcommands + spec.options.map(\.name)).map { CompletionCandidate($0) }
        if spec.argument == .commandName && isFirstArgument { pool += names }
        let options = filter(pool, by: arguments.last ?? "")
        let typed = arguments.last ?? ""
        if takesPath(spec.paths, arguments: Array(arguments)) {
            guard typed.hasPrefix("-"), !options.candidates.isEmpty else {
                return CompletionMatches(kind: .paths, typed: typed, candidates: [])
            }
            return options
        }
        if spec.completes == .settings, !typed.hasPrefix("-") {
            // A setting's key first, then its values; options stand anywhere.
            let given = arguments.dropLast().filter { !$0.hasPrefix("-") }
            let pool: [CompletionCandidate]
            switch given.count {
            case 0: pool = SettingSpec.all.map { CompletionCandidate($0.name, note: $0.summary) }
            case 1: pool = (SettingSpec.named(given[0])?.suggestions ?? []).map { CompletionCandidate($0) }
            default: pool = []
            }
            return filter(pool, by: typed)
        }
        switch spec.completes {
        case .none, .settings:
            return options
        case .stored where argument.isEmpty:
            return options
        case _ where isFirstArgument && !options.candidates.isEmpty && !argument.isEmpty:
            return options
        default:
            return comics(argument, titles: titles(), favoritesOnly: spec.completes == .favorites)
        }
    }

    // The word after an option that takes a value is that value: one of its choices; a number
    // or free text has none to offer.
    private func optionValues(_ option: OptionSpec, typed: String) -> CompletionMatches {
        guard case let .choice(_, choices) = option.value else {
            return CompletionMatches(kind: .words, typed: typed, candidates: [])
        }
        return filter(choices.map { CompletionCandidate($0) }, by: typed)
    }

    // Whether the word being typed (the last of `arguments`) is a path.
    private func takesPath(_ paths: PathCompletion, arguments: [String]) -> Bool {
        switch paths {
        case .none: false
        case .arguments: true
        case let .after(word): arguments.count > 1 && arguments[0].lowercased() == word
        case .afterComic:
            arguments.joined().isEmpty || (arguments.count > 1 && ComicNumberWord.looksNumeric(arguments[0]))
                || CommandInput.looksLikePath(arguments.last ?? "")
        }
    }

    /// The completion for `text` (everything before the cursor on a REPL line), using `titles`
    /// for comics and `paths` (the paths a typed prefix can become, see ``PathLister``) where a
    /// command takes a file.
    package func complete(_ text: String, titles: TitleIndex = .empty, paths: (String) -> [String] = { _ in [] })
        -> Completion
    {
        let segment = text.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? text
        let trimmed = String(segment.drop(while: { $0 == " " }))
        var words = [trimmed]
        var argument = trimmed
        var pieces = [trimmed]
        if let space = trimmed.firstIndex(of: " ") {
            argument = String(trimmed[trimmed.index(after: space)...].drop(while: { $0 == " " }))
            pieces = argument.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            words = [String(trimmed[..<space])] + pieces.map(Self.unescape)
        }
        let found = matches(words, titles: { titles })
        switch found.kind {
        case .paths:
            return pathCompletion(Self.lastWord(trimmed), paths: paths)
        case .numbers where found.candidates.isEmpty && titles.holdsFew,
            .titles where found.candidates.isEmpty && titles.holdsFew:
            return .fewStored(titles.count(favoritesOnly: false))
        case _ where found.candidates.isEmpty:
            return .none
        case .words:
            return finish(found.candidates.map(\.value), replacing: pieces.last ?? "")
        case .numbers:
            return numberCompletion(found, replacing: argument)
        case .titles:
            return titleCompletion(found.candidates.map(\.value), replacing: argument)
        }
    }

    // `typed` is the path as typed, escapes included; a directory is completed without the
    // space that ends a word, so Tab can go on into it.
    private func pathCompletion(_ typed: String, paths: (String) -> [String]) -> Completion {
        let found = paths(Self.unescape(typed))
        guard !found.isEmpty else { return .none }
        let shown = found.map { path in
            let isFolder = path.hasSuffix("/")
            let name =
                (isFolder ? path.dropLast() : Substring(path)).split(separator: "/").last.map(String.init) ?? path
            return name + (isFolder ? "/" : "")
        }
        if found.count == 1 {
            return Completion(
                replaceCount: typed.count,
                insertion: Self.escape(found[0], spaces: true) + (found[0].hasSuffix("/") ? "" : " "),
                candidates: shown)
        }
        // File names differ by case alone: unlike titles, their shared start is matched exactly.
        var common = Array(found[0])
        for path in found.dropFirst() {
            common = Array(zip(common, path).prefix { $0 == $1 }.map(\.0))
        }
        if common.count > Self.unescape(typed).count {
            return Completion(
                replaceCount: typed.count, insertion: Self.escape(String(common), spaces: true), candidates: shown)
        }
        return list(shown)
    }

    // The last word of a line: what follows its last space that is not escaped.
    private static func lastWord(_ line: String) -> String {
        var start = line.startIndex
        var escaped = false
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            index = line.index(after: index)
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == " " {
                start = index
            }
        }
        return String(line[start...])
    }

    // The whole argument is one title (spaces and all) or a number.
    private func comics(_ argument: String, titles: TitleIndex, favoritesOnly: Bool) -> CompletionMatches {
        let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        let numbered: ([TitleIndex.Entry]) -> CompletionMatches = { entries in
            CompletionMatches(
                kind: .numbers, typed: argument,
                candidates: entries.map { CompletionCandidate(String($0.num), note: $0.title) })
        }
        if digits.isEmpty {
            return numbered(favoritesOnly ? titles.favoriteEntries : [])
        }
        if digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return numbered(titles.numbers(withPrefix: digits, favoritesOnly: favoritesOnly))
        }
        let entries = titles.titles(withPrefix: argument, favoritesOnly: favoritesOnly)
        return CompletionMatches(
            kind: .titles, typed: argument,
            candidates: entries.map { CompletionCandidate($0.title, note: "#\($0.num)") })
    }

    private func numberCompletion(_ found: CompletionMatches, replacing typed: String) -> Completion {
        let digits = found.typed.hasPrefix("#") ? found.typed.dropFirst() : Substring(found.typed)
        let shown = found.candidates.map { "\($0.value) \($0.note ?? "")" }
        // With nothing typed (favorites after `unfav`), they are listed, never inserted.
        guard !digits.isEmpty else { return list(shown) }
        if found.candidates.count == 1 {
            return Completion(replaceCount: typed.count, insertion: found.candidates[0].value + " ", candidates: shown)
        }
        let common = Self.commonPrefix(found.candidates.map(\.value))
        if common.count > digits.count {
            return Completion(replaceCount: typed.count, insertion: common, candidates: shown)
        }
        return list(shown)
    }

    private func titleCompletion(_ titles: [String], replacing typed: String) -> Completion {
        if titles.count == 1 {
            return Completion(replaceCount: typed.count, insertion: Self.escape(titles[0]) + " ", candidates: titles)
        }
        let common = Self.commonPrefix(titles)
        if Self.extends(common, Self.unescape(typed)) {
            return Completion(replaceCount: typed.count, insertion: Self.escape(common), candidates: titles)
        }
        return list(titles)
    }

    // Whether the titles' shared start says more than what was typed, which it matched by its
    // key or, failing that, by its letters alone.
    private static func extends(_ common: String, _ typed: String) -> Bool {
        let (commonKey, typedKey) = (TitleIndex.key(common), TitleIndex.key(typed))
        if commonKey.count > typedKey.count, commonKey.hasPrefix(typedKey) { return true }
        let (commonLetters, typedLetters) = (TitleIndex.looseKey(common), TitleIndex.looseKey(typed))
        return commonLetters.count > typedLetters.count && commonLetters.hasPrefix(typedLetters)
    }

    private func list(_ shown: [String]) -> Completion {
        var candidates = Array(shown.prefix(Self.maxCandidates))
        if shown.count > Self.maxCandidates { candidates.append("… \(shown.count - Self.maxCandidates) more") }
        return Completion(replaceCount: 0, insertion: "", candidates: candidates)
    }

    private func filter(_ pool: [CompletionCandidate], by word: String) -> CompletionMatches {
        let lower = word.lowercased()
        return CompletionMatches(
            kind: .words, typed: word, candidates: pool.filter { $0.value.lowercased().hasPrefix(lower) })
    }

    private func finish(_ matches: [String], replacing word: String) -> Completion {
        if matches.count == 1 {
            return Completion(replaceCount: word.count, insertion: matches[0] + " ", candidates: matches)
        }
        let common = Self.commonPrefix(matches)
        if common.count > word.count {
            return Completion(replaceCount: word.count, insertion: common, candidates: matches)
        }
        return Completion(replaceCount: 0, insertion: "", candidates: matches)
    }

    /// The longest prefix shared by all of `words`, ignoring case and accents, in the first word's spelling.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let chars = Array(word)
            var n = 0
            while n < prefix.count, n < chars.count, Self.same(prefix[n], chars[n]) { n += 1 }
            prefix = Array(prefix[..<n])
        }
        return String(prefix)
    }

    private static func same(_ a: Character, _ b: Character) -> Bool {
        a == b || TextFolding.fold(String(a)) == TextFolding.fold(String(b))
    }

    // The command grammar treats these specially; a title holding them is typed escaped. A
    // title takes the rest of the line, spaces and all; a path is one word, so its spaces and
    // tabs are escaped too.
    private static func escape(_ text: String, spaces: Bool = false) -> String {
        var out = ""
        for c in text {
            if c == "\\" || c == "\"" || c == "'" || c == ";" || spaces && (c == " " || c == "\t") { out.append("\\") }
            out.append(c)
        }
        return out
    }

    private static func unescape(_ typed: String) -> String {
        var out = ""
        var escaped = false
        for c in typed {
            if escaped || c != "\\" {
                out.append(c)
                escaped = false
            } else {
                escaped = true
            }
        }
        return out
    }
}

/// One thing Tab can put in place of what was typed.
struct CompletionCandidate: Sendable, Equatable {
    /// The text.
    var value: String
    /// A few words about it (a command's summary, a comic's title or number), if any.
    var note: String?

    /// A candidate.
    init(_ value: String, note: String? = nil) {
        self.value = value
        self.note = note
    }
}

/// What the words typed so far can be completed to: the part of completion the REPL and the
/// shells share. Found by ``Completer/matches(_:titles:)``.
struct CompletionMatches: Sendable, Equatable {
    /// What the candidates are.
    enum Kind: Sendable, Equatable {
        /// Command names, options and sub-commands: each replaces the last word.
        case words
        /// Comic numbers (noted with their titles): each replaces every word after the command.
        case numbers
        /// Comic titles (noted with their numbers): each replaces every word after the command,
        /// as a title may hold spaces.
        case titles
        /// A file path: no candidates, the shell lists the files itself.
        case paths
    }

    /// What the candidates are.
    var kind: Kind
    /// The text they replace, unescaped: the last word, or every word after the command.
    var typed: String
    /// Every match, in the order to offer them.
    var candidates: [CompletionCandidate]

}

/// File names for Tab where a command takes a path (`save`, `fav import`) in the REPL: the
/// entries of the directory typed so far whose names start with what follows its last slash.
/// Directories end in `/`; hidden entries are offered only once a dot is typed.
package enum PathLister {
    /// The paths `typed` can become, each spelled from what was typed (a leading `~/` stays),
    /// sorted; `currentDirectory` anchors a relative path, and `environment`'s HOME is `~`.
    package static func entries(
        completing typed: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
        environment: Environment = .process
    ) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let expanded = LocalPath.expandingTilde(directoryPart, environment: environment)
        let directory =
            directoryPart.isEmpty
            ? currentDirectory
            : expanded.hasPrefix("/") ? expanded : LocalPath.joined(currentDirectory, expanded)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
            .map { name in
                directoryPart + name + (LocalPath.isDirectory(LocalPath.joined(directory, name)) ? "/" : "")
            }
    }
}
