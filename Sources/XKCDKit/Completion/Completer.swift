import Foundation

/// What Tab should do to the text before the cursor.
public struct Completion: Sendable, Equatable {
    /// Characters before the cursor to replace.
    public var replaceCount: Int
    /// The text to put in their place.
    public var insertion: String
    /// Every match, for listing when there are several.
    public var candidates: [String]

    /// Creates a completion.
    public init(replaceCount: Int, insertion: String, candidates: [String]) {
        self.replaceCount = replaceCount
        self.insertion = insertion
        self.candidates = candidates
    }

    /// Nothing to complete.
    public static let none = Completion(replaceCount: 0, insertion: "", candidates: [])
}

/// Completes command names, then each command's arguments: options, command names after
/// `help`, and comics by title or number after the commands that name one. Pure.
public struct Completer: Sendable {
    /// The most candidates listed for one Tab.
    public static let maxCandidates = 200

    /// Creates a completer.
    public init() {}

    /// The completion for `text` (everything before the cursor), using `titles` for comics.
    public func complete(_ text: String, titles: TitleIndex = .empty) -> Completion {
        let segment = text.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? text
        let trimmed = segment.drop(while: { $0 == " " })
        guard let space = trimmed.firstIndex(of: " ") else {
            return finish(word: String(trimmed), from: CommandSpec.all.map(\.name))
        }
        let commandWord = String(trimmed[..<space])
        guard let spec = CommandSpec.named(commandWord) else { return .none }
        let argument = String(trimmed[trimmed.index(after: space)...].drop(while: { $0 == " " }))
        let word = String(argument.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let isFirstArgument = !argument.contains(" ")
        var pool = spec.options
        if spec.argument == .commandName && isFirstArgument { pool += CommandSpec.all.map(\.name) }
        let options = finish(word: word, from: pool)
        switch spec.completes {
        case .none:
            return options
        case .stored where argument.isEmpty:
            return options
        case _ where isFirstArgument && !options.candidates.isEmpty && !argument.isEmpty:
            return options
        default:
            return comics(argument, titles: titles, favoritesOnly: spec.completes == .favorites)
        }
    }

    // The whole argument is one title (spaces and all) or a number.
    private func comics(_ typed: String, titles: TitleIndex, favoritesOnly: Bool) -> Completion {
        let argument = Self.unescape(typed)
        let digits = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        if digits.isEmpty {
            guard favoritesOnly else { return .none }
            return list(titles.favoriteEntries, typed: typed, numbers: true)
        }
        if digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let matches = titles.numbers(withPrefix: digits, favoritesOnly: favoritesOnly)
            if matches.count == 1 {
                return Completion(replaceCount: typed.count, insertion: "\(matches[0].num) ", candidates: ["\(matches[0].num) \(matches[0].title)"])
            }
            let common = Self.commonPrefix(matches.map { String($0.num) })
            if common.count > digits.count {
                return Completion(replaceCount: typed.count, insertion: common, candidates: matches.map { "\($0.num) \($0.title)" })
            }
            return list(matches, typed: typed, numbers: true)
        }
        let matches = titles.titles(withPrefix: argument, favoritesOnly: favoritesOnly)
        guard !matches.isEmpty else { return .none }
        if matches.count == 1 {
            return Completion(replaceCount: typed.count, insertion: Self.escape(matches[0].title) + " ", candidates: [matches[0].title])
        }
        let common = Self.commonPrefix(matches.map(\.title))
        if TitleIndex.key(common).count > TitleIndex.key(argument).count {
            return Completion(replaceCount: typed.count, insertion: Self.escape(common), candidates: matches.map(\.title))
        }
        return list(matches, typed: typed, numbers: false)
    }

    private func list(_ entries: [TitleIndex.Entry], typed: String, numbers: Bool) -> Completion {
        var candidates = entries.prefix(Self.maxCandidates).map { numbers ? "\($0.num) \($0.title)" : $0.title }
        if entries.count > Self.maxCandidates { candidates.append("… \(entries.count - Self.maxCandidates) more") }
        return Completion(replaceCount: 0, insertion: "", candidates: candidates)
    }

    private func finish(word: String, from pool: [String]) -> Completion {
        let lower = word.lowercased()
        let matches = pool.filter { $0.lowercased().hasPrefix(lower) }
        guard !matches.isEmpty else { return .none }
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
        a == b || String(a).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            == String(b).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    // The command grammar treats these specially; a title holding them is typed escaped.
    private static func escape(_ title: String) -> String {
        var out = ""
        for c in title {
            if c == "\\" || c == "\"" || c == "'" || c == ";" { out.append("\\") }
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
