extension Session {
    /// How many comics are unread, and the first few.
    func unread() async throws -> Outcome {
        .unread(try await unreadSummary())
    }

    private func unreadSummary() async throws -> UnreadSummary {
        let (all, seen) = try await archiveNumbers()
        let unread = all.filter { !seen.contains($0) }
        // A bounded number of tries: a gap in the archive costs a request each.
        let first = try await comics.entries(Array(unread.prefix(20)), 5, 5)
        return UnreadSummary(unread: unread.count, total: all.count, first: first)
    }

    /// The first unread comic after the current one, wrapping around to #1; numbers the
    /// server does not have are skipped (and remembered as absent by the repository).
    func firstUnreadAfterCurrent() async throws -> Comic {
        let (all, seen) = try await archiveNumbers()
        let unread = all.filter { !seen.contains($0) }
        let current = state.current ?? 0
        for num in state.unreadOrder(unread: unread).prefix(50) {
            do {
                return try await comics.comic(num)
            } catch XKCDError.noSuchComic {
                continue
            } catch XKCDError.notStoredOffline {
                continue
            }
        }
        throw XKCDError.cannotDo(
            unread.isEmpty
                ? "you have seen all \(all.count) comics"
                : "no unread comic found after #\(current)")
    }

    // The archive's numbers up to the newest, without missing ones.
    private func archiveNumbers() async throws -> (all: [Int], seen: Set<Int>) {
        let newest = try await comics.newestNumber()
        let all = SessionState.archiveNumbers(newest: newest, absent: try comics.absentNumbers())
        return (all, try reading.seenNumbers())
    }
}

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
