/// Reading progress: how many comics are unread, and the first few.
public struct UnreadSummary: Sendable, Equatable {
    /// Comics not seen yet.
    public var unread: Int
    /// Comics in the archive (up to the newest, without missing numbers).
    public var total: Int
    /// The first unread comics, in number order (titles where stored).
    public var first: [ComicEntry]

    /// A summary.
    public init(unread: Int, total: Int, first: [ComicEntry]) {
        self.unread = unread
        self.total = total
        self.first = first
    }
}
