/// Which comics Tab offers for a command's argument.
package enum ComicCompletion: Sendable, Equatable {
    /// None.
    case none
    /// Every stored comic, by title or number.
    case stored
    /// Favorites only.
    case favorites
}
