/// What a reader needs to look far ahead for again and again, remembered so that a scan that
/// moves forward looks at each place once: `[[` after `[[` with no `]]` to close them would
/// otherwise search the rest of the text from each one.
struct ForwardSearch {
    // No match starts in `searchedFrom ..< (found ?? end)`.
    private var searchedFrom = Int.max
    private var found: Int?

    /// The first match at or after `start`, as `search` (which finds the first match at or
    /// after the place it is given) would find it.
    mutating func first(from start: Int, by search: (Int) -> Int?) -> Int? {
        if start >= searchedFrom, found.map({ $0 >= start }) ?? true { return found }
        searchedFrom = start
        found = search(start)
        return found
    }
}

/// Asks whether the task reading a page is cancelled once every so many steps of a loop, so that
/// Ctrl-C stops a long read soon, at no cost worth measuring.
struct CancellationPoll {
    private var steps: UInt32 = 0

    /// Counts the times a read asks, in a task that sets it: how much work a read did, which
    /// tests count where a clock would depend on the machine's load.
    @TaskLocal static var asked: Lock<Int>?

    /// Whether the task is cancelled, asked on one call in 1,024.
    mutating func cancelled() -> Bool {
        steps &+= 1
        return steps & 0x3FF == 0 && Self.taskIsCancelled()
    }

    /// Whether the task is cancelled, asked now.
    static func taskIsCancelled() -> Bool {
        asked?.withLock { $0 += 1 }
        return Task.isCancelled
    }
}
