/// What the words typed so far can be completed to: the part of completion the REPL and the
/// shells share. Found by ``Completer/matches(_:titles:)``.
package struct CompletionMatches: Sendable, Equatable {
    /// What the candidates are.
    package enum Kind: Sendable, Equatable {
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
    package var kind: Kind
    /// The text they replace, unescaped: the last word, or every word after the command.
    package var typed: String
    /// Every match, in the order to offer them.
    package var candidates: [CompletionCandidate]

    /// A set of matches.
    package init(kind: Kind, typed: String, candidates: [CompletionCandidate]) {
        self.kind = kind
        self.typed = typed
        self.candidates = candidates
    }
}
