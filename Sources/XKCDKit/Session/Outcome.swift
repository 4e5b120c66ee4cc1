/// A comic in a list: number and display title (nil when it is not stored).
public struct ComicEntry: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title, when stored.
    public var title: String?

    /// Creates an entry.
    public init(num: Int, title: String?) {
        self.num = num
        self.title = title
    }
}

/// What a command produced, for the renderer to turn into text or JSON.
public enum Outcome: Sendable, Equatable {
    /// A comic's card (after navigation or `show`).
    case comic(DisplayComic)
    /// A comic's alt text.
    case alt(DisplayComic)
    /// A comic's transcript.
    case transcript(DisplayComic)
    /// The visited comics, most recent first.
    case history([ComicEntry])
    /// A title matched several comics; nothing changed.
    case choices(query: String, [ComicEntry])
    /// Help on every command (nil) or one.
    case help(String?)
    /// The user asked to leave.
    case quit

    /// Whether the command counts as failed for the exit status.
    public var isFailure: Bool {
        if case .choices = self { return true }
        return false
    }
}
