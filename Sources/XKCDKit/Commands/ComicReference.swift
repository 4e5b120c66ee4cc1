/// A comic named by number or by title.
package enum ComicReference: Equatable, Sendable {
    /// By number.
    case number(Int)
    /// By title (exact, case-insensitive, or a unique prefix).
    case title(String)
}
