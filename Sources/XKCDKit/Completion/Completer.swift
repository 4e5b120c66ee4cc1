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

/// Completes command names, then each command's arguments and options. Pure.
public struct Completer: Sendable {
    /// Creates a completer.
    public init() {}

    /// The completion for `text` (everything before the cursor).
    public func complete(_ text: String) -> Completion {
        let segment = text.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? text
        let trimmed = segment.drop(while: { $0 == " " })
        guard let space = trimmed.firstIndex(of: " ") else {
            return finish(word: String(trimmed), from: CommandSpec.all.map(\.name))
        }
        let commandWord = String(trimmed[..<space])
        guard let spec = CommandSpec.named(commandWord) else { return .none }
        let argument = trimmed[trimmed.index(after: space)...].drop(while: { $0 == " " })
        let word = String(argument.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let isFirstArgument = !argument.contains(" ")
        var pool = spec.options
        if spec.argument == .commandName && isFirstArgument { pool += CommandSpec.all.map(\.name) }
        return finish(word: word, from: pool)
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

    /// The longest prefix shared by all of `words` (case-insensitive, in the first word's case).
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let chars = Array(word)
            var n = 0
            while n < prefix.count, n < chars.count, prefix[n].lowercased() == chars[n].lowercased() { n += 1 }
            prefix = Array(prefix[..<n])
        }
        return String(prefix)
    }
}
