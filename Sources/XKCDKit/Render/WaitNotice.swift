#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The line that says a request is being waited for, `⠹ fetching #353…`: shown once the
/// oldest request in flight has taken ``delay``, gone when none is left. Pure: the caller
/// passes the instants and draws the line.
package struct WaitNotice: Sendable {
    /// How long a request runs before the line appears.
    static let delay: Duration = .milliseconds(500)
    /// How often the spinner turns.
    static let tick: Duration = .milliseconds(100)
    private static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private var inFlight: [(id: Int, label: String, since: ContinuousClock.Instant)] = []
    private var nextID = 0
    /// Whether the line is on the screen (and so has to be erased).
    private(set) var shown = false

    package init() {}

    /// Records a request for `url` started at `now`; returns its id for ``end(_:)``.
    package mutating func begin(_ url: URL, at now: ContinuousClock.Instant) -> Int {
        nextID += 1
        inFlight.append((nextID, Self.label(for: url), now))
        return nextID
    }

    /// Records that request `id` ended; true when the line is shown and nothing is left in
    /// flight, so that it must be erased now.
    package mutating func end(_ id: Int) -> Bool {
        inFlight.removeAll { $0.id == id }
        return inFlight.isEmpty ? hide() : false
    }

    /// Forgets every request; true when the line was shown and must be erased.
    package mutating func hide() -> Bool {
        inFlight.removeAll()
        return clear()
    }

    /// Marks the line erased, the requests still in flight; true when it was shown and must
    /// be erased.
    package mutating func clear() -> Bool {
        defer { shown = false }
        return shown
    }

    /// The line to draw at `now` on a terminal `width` columns wide (never its last column,
    /// so that it cannot wrap), or nil while no request has been waited on for ``delay``.
    package mutating func line(at now: ContinuousClock.Instant, width: Int) -> String? {
        guard let oldest = inFlight.first, oldest.since.duration(to: now) >= Self.delay, width > 2 else { return nil }
        shown = true
        let turns = Int(oldest.since.duration(to: now) / Self.tick)
        let text = "\(Self.frames[turns % Self.frames.count]) \(inFlight.last?.label ?? oldest.label)"
        return DisplayWidth.truncated(text, to: width - 1)
    }

    /// What is being fetched, in words: `fetching #353…`.
    static func label(for url: URL) -> String {
        let parts = url.path.split(separator: "/")
        if parts.last == "info.0.json" {
            guard parts.count >= 2, let number = Int(parts[parts.count - 2]) else {
                return "fetching the newest comic…"
            }
            return "fetching #\(number)…"
        }
        if parts.last == "api.php" { return "asking explainxkcd…" }
        return "fetching the picture…"
    }
}
