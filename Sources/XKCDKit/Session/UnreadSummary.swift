/// Reading progress: how many comics are unread, and the first few.
package struct UnreadSummary: Sendable, Equatable {
    /// Comics not seen yet.
    package var unread: Int
    /// Comics in the archive (up to the newest, without missing numbers).
    package var total: Int
    /// The first unread comics, in number order (titles where stored).
    package var first: [ComicEntry]

    /// A summary.
    package init(unread: Int, total: Int, first: [ComicEntry]) {
        self.unread = unread
        self.total = total
        self.first = first
    }
}
