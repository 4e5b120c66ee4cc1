/// How `share` writes a comic.
package enum ShareFormat: String, CaseIterable, Sendable, Equatable {
    /// A message-ready text block.
    case text
    /// An RFC 6068 `mailto:` URL.
    case mailto
    /// A Markdown link and image.
    case markdown
}
