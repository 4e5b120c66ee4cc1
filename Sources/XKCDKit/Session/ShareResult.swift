/// A comic written out for sharing.
public struct ShareResult: Sendable, Equatable {
    /// The comic.
    public var num: Int
    /// How it is written.
    public var format: ShareFormat
    /// The text, `mailto:` URL or Markdown.
    public var text: String
    /// What `--open` hands to the opener: the `mailto:` URL, else the comic's page.
    public var openURL: String
    /// Put it on the clipboard.
    public var copy: Bool
    /// Hand it to the system opener.
    public var open: Bool
}
