/// A command's words as ``CommandScanner`` found them: the options given (by their long
/// names) and the other words in order. Its accessors read the words as the command's
/// ``ArgumentKind`` says, with a message naming the bad word when they do not fit.
package struct CommandInput: Sendable {
    /// The command.
    package let spec: CommandSpec
    /// The words that are not options.
    package var words: [String]
    /// Each option given, by long name; a flag's value is empty.
    package var options: [String: String]

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool {
        options[name] != nil
    }

    /// The value given for `name`.
    package func value(_ name: String) -> String? {
        options[name]
    }

    /// No words at all.
    package func nothing() throws(UsageError) {
        guard words.isEmpty else {
            throw UsageError("'\(spec.name)' takes no arguments (got \(UsageError.quote(joined)))")
        }
    }

    /// An optional positive count, 1 when absent.
    package func count() throws(UsageError) -> Int {
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
    package func comic() throws(UsageError) -> ComicReference? {
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
    package func comicAndPath() throws(UsageError) -> (ComicReference?, String?) {
        guard let first = words.first, let last = words.last else { return (nil, nil) }
        if words.count == 2, ComicNumberWord.looksNumeric(first), !ComicNumberWord.looksNumeric(last) {
            return (.number(try ComicNumberWord.parse(first)), last)
        }
        guard Self.looksLikePath(last) else { return (try comic(), nil) }
        let comicWords = CommandInput(spec: spec, words: Array(words.dropLast()), options: options)
        return (try comicWords.comic(), last)
    }

    /// Whether `word` reads as a file path rather than part of a title: it holds a `/`, starts
    /// with `.` or `~`, or ends in an image file's extension.
    package static func looksLikePath(_ word: String) -> Bool {
        let lower = word.lowercased()
        return word.contains("/") || word.hasPrefix(".") || word.hasPrefix("~")
            || [".png", ".jpg", ".jpeg", ".gif"].contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    /// The words as one text, as typed.
    package var joined: String {
        words.joined(separator: " ")
    }

    /// "unexpected 'b' after 'save'": the words from `index` on are too many.
    package func extra(after head: String, from index: Int) -> UsageError {
        let rest = words.dropFirst(index).joined(separator: " ")
        return UsageError("unexpected \(UsageError.quote(rest)) after \(UsageError.quote(head))")
    }
}
