extension SessionState {
    /// The archive's numbers up to `newest`, without the `absent` ones.
    package static func archiveNumbers(newest: Int, absent: Set<Int>) -> [Int] {
        (1...max(1, newest)).filter { !absent.contains($0) }
    }

    /// The numbers `random` must not pick: the `absent` ones and, when only `stored` comics can
    /// be shown (offline), every other number up to `newest`.
    package static func randomExclusions(newest: Int, absent: Set<Int>, stored: Set<Int>?) -> Set<Int> {
        guard let stored else { return absent }
        return absent.union(Set(1...max(newest, 1)).subtracting(stored))
    }

    /// The `unread` numbers (ascending) in the order to read them: those after the current
    /// comic first, then wrapping around to #1.
    package func unreadOrder(unread: [Int]) -> [Int] {
        let current = current ?? 0
        return Array(unread.drop { $0 <= current } + unread.prefix { $0 <= current })
    }
}
