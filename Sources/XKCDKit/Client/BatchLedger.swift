/// The bookkeeping of a request batch, without the requests: which URL is next, which request
/// ids are in flight, and what a cancel has to stop. Request ids are never reused.
struct BatchLedger {
    private let count: Int
    private var nextIndex = 0
    private var cancelled = false
    /// The request ids recorded and not yet ended.
    private(set) var inFlight: Set<UInt64> = []
    // An answer can come before its id is recorded: such ids wait here, so that recording them
    // later does not count them as in flight.
    private var endedEarly: Set<UInt64> = []

    /// The bookkeeping of a batch of `count` URLs.
    init(count: Int) {
        self.count = count
    }

    /// The index of the next URL to ask for, nil when none is left or the batch is cancelled.
    mutating func takeNext() -> Int? {
        guard !cancelled, nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }

    /// Records that request `id` is on its way; true when it must be cancelled at once (a
    /// cancel came after its index was taken and could not see it).
    mutating func started(_ id: UInt64) -> Bool {
        if endedEarly.remove(id) != nil { return false }
        inFlight.insert(id)
        return cancelled
    }

    /// Records that request `id` has ended.
    mutating func ended(_ id: UInt64) {
        if inFlight.remove(id) == nil { endedEarly.insert(id) }
    }

    /// Cancels the batch: the ids to stop and the indices never asked for, which are answered
    /// at once. Nothing more is taken afterwards.
    mutating func cancel() -> (inFlight: Set<UInt64>, unasked: Range<Int>) {
        cancelled = true
        defer { nextIndex = count }
        return (inFlight, nextIndex..<count)
    }
}
