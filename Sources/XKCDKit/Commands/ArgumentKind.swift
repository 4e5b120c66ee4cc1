/// What a command's words after its options hold, for parsing, help and completion.
package enum ArgumentKind: Sendable, Equatable {
    /// Nothing.
    case none
    /// An optional positive count (next/prev).
    case count
    /// A comic number or title (required).
    case comic
    /// An optional comic number or title.
    case optionalComic
    /// An optional command name.
    case commandName
    /// Free text (required).
    case query
    /// Words of the command's own: a subcommand, a path.
    case words

    /// Whether a word starting with `-` can be part of the argument rather than an option:
    /// titles and queries are free text.
    var isFreeText: Bool {
        switch self {
        case .comic, .optionalComic, .query: true
        default: false
        }
    }
}
