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
