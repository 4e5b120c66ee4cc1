/// One search result.
public struct SearchHit: Sendable, Equatable {
    /// The comic's number.
    public var num: Int
    /// Its display title.
    public var title: String
    /// A short excerpt; matched words are between ``SearchHit/highlightStart`` and ``SearchHit/highlightEnd``.
    public var snippet: String

    /// Marks the start of a matched word in ``snippet``.
    public static let highlightStart: Character = "\u{E000}"
    /// Marks the end of a matched word in ``snippet``.
    public static let highlightEnd: Character = "\u{E001}"

    /// Creates a hit.
    public init(num: Int, title: String, snippet: String) {
        self.num = num
        self.title = title
        self.snippet = snippet
    }
}
