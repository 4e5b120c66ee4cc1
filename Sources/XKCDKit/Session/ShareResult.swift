/// A comic written out for sharing.
package struct ShareResult: Sendable, Equatable {
    /// The comic.
    package var num: Int
    /// How it is written.
    package var format: ShareFormat
    /// The text, `mailto:` URL or Markdown.
    package var text: String
    /// What `--open` hands to the opener: the `mailto:` URL, else the comic's page.
    package var openURL: String
    /// Put it on the clipboard.
    package var copy: Bool
    /// Hand it to the system opener.
    package var open: Bool
}
