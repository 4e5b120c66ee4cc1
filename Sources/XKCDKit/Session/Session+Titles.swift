extension Session {
    /// A title that names several comics.
    struct AmbiguousTitle: Error {
        var query: String
        var entries: [ComicEntry]
    }

    // A number as is; a title through the stored titles (one match, else choices or an error).
    func resolve(_ reference: ComicReference, among scope: ComicCompletion = .stored) throws -> Int {
        switch reference {
        case let .number(num):
            return num
        case let .title(query):
            let index = titles.current(checkingStore: true)
            let favoritesOnly = scope == .favorites
            let matches = index.matches(query, favoritesOnly: favoritesOnly)
            let shown = TerminalSanitizer.brief(query)
            switch matches.count {
            case 0 where favoritesOnly:
                throw XKCDError.noFavoriteTitled(shown, favorites: index.count(favoritesOnly: true))
            case 0:
                let nearest = index.nearest(query).map { "#\($0.num) \(TerminalSanitizer.brief($0.title))" }
                throw XKCDError.noTitleMatch(shown, stored: index.count(favoritesOnly: false), nearest: nearest)
            case 1:
                return matches[0].num
            default:
                throw AmbiguousTitle(query: shown, entries: matches.map { ComicEntry(num: $0.num, title: $0.title) })
            }
        }
    }

    /// The number `reference` names, or nil without one.
    func resolve(_ reference: ComicReference?, among scope: ComicCompletion = .stored) throws -> Int? {
        try reference.map { try resolve($0, among: scope) }
    }
}
