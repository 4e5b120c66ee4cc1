#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The numbers the server has no comic for: how long its 404 is believed.
extension ComicSource {
    /// How long the server's 404 for a number is believed before the number is asked again:
    /// only #404 is absent for ever, any other 404 may be passing.
    static let absenceMaxAge: TimeInterval = 3600

    /// Whether an absence the server answered at `checkedAt` still holds at `now` (one from the
    /// future, after the clock went back, does not).
    static func trusts(absenceCheckedAt checkedAt: Date, now: Date) -> Bool {
        (0..<absenceMaxAge).contains(now.timeIntervalSince(checkedAt))
    }

    /// Whether `num` is known not to exist, without asking the network: #404, a number the
    /// server answered 404 for within ``absenceMaxAge`` or, offline, ever.
    func isKnownAbsent(_ num: Int) throws -> Bool {
        if num == 404 { return true }
        guard let checkedAt = try store.absenceCheckedAt(num) else { return false }
        return offline || Self.trusts(absenceCheckedAt: checkedAt, now: now())
    }

    /// The numbers known not to exist, as ``isKnownAbsent(_:)`` decides: #404 among them.
    func absentNumbers() throws -> Set<Int> {
        let now = now()
        let known = try store.absences().filter { offline || Self.trusts(absenceCheckedAt: $0.value, now: now) }
        return Set(known.keys).union([404])
    }
}
