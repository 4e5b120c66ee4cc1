/// Which of a command's arguments Tab completes as file paths (in the shells).
package enum PathCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every argument that is not an option.
    case arguments
    /// The arguments after this first word (a subcommand).
    case after(String)
    /// Nothing typed yet, the word after a comic number, or a word that looks like a path
    /// (see ``CommandInput/looksLikePath(_:)``); other words name a comic.
    case afterComic
}
