import Foundation

/// Every stored comic's title in a form Tab can search fast: sorted by a case- and
/// accent-folded key, so a prefix is a binary search away. A pure value.
public struct TitleIndex: Sendable {
    /// One comic.
    public struct Entry: Sendable, Equatable {
        /// The comic's number.
        public var num: Int
        /// Its display title.
        public var title: String
        /// The folded title the index is sorted by.
        var key: String
        /// The number as text, for prefix matching.
        var digits: String
    }

    private let byKey: [Entry]
    private let byNumber: [Entry]
    private let favorites: Set<Int>

    /// An empty index.
    public static let empty = TitleIndex(titles: [], favorites: [])

    /// Builds the index from numbers and display titles; `favorites` marks the favorites.
    public init(titles: [(num: Int, title: String)], favorites: Set<Int>) {
        let entries = titles.map {
            Entry(num: $0.num, title: $0.title, key: Self.key($0.title), digits: String($0.num))
        }
        byKey = entries.sorted { $0.key == $1.key ? $0.num < $1.num : $0.key < $1.key }
        byNumber = entries.sorted { $0.num < $1.num }
        self.favorites = favorites
    }

    /// How many titles it holds.
    public var count: Int { byNumber.count }

    /// The comparison form of a title: sanitized, case- and diacritic-folded, spaces collapsed.
    public static func key(_ text: String) -> String {
        TerminalSanitizer.sanitize(text, multiline: false)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(separator: " ").joined(separator: " ")
    }

    /// How many comics a lookup can find.
    public func count(favoritesOnly: Bool) -> Int {
        favoritesOnly ? favorites.count : byNumber.count
    }

    /// The comics a typed title names: those whose title equals `query` (ignoring case and
    /// accents) if any, else every title starting with it; in number order.
    public func matches(_ query: String, favoritesOnly: Bool = false) -> [Entry] {
        let key = Self.key(query)
        guard !key.isEmpty else { return [] }
        let prefixed = titles(withPrefix: query, favoritesOnly: favoritesOnly)
        let exact = prefixed.filter { $0.key == key }
        return (exact.isEmpty ? prefixed : exact).sorted { $0.num < $1.num }
    }

    /// The comics whose folded title starts with the folded `prefix`, in title order.
    public func titles(withPrefix prefix: String, favoritesOnly: Bool = false) -> [Entry] {
        let key = Self.key(prefix)
        var low = 0
        var high = byKey.count
        while low < high {
            let mid = (low + high) / 2
            if byKey[mid].key < key { low = mid + 1 } else { high = mid }
        }
        var out: [Entry] = []
        var index = low
        while index < byKey.count, byKey[index].key.hasPrefix(key) {
            if !favoritesOnly || favorites.contains(byKey[index].num) { out.append(byKey[index]) }
            index += 1
        }
        return out
    }

    /// The comics whose number starts with the digits `prefix`, in number order.
    public func numbers(withPrefix prefix: String, favoritesOnly: Bool = false) -> [Entry] {
        byNumber.filter { $0.digits.hasPrefix(prefix) && (!favoritesOnly || favorites.contains($0.num)) }
    }

    /// Every favorite, in number order.
    public var favoriteEntries: [Entry] {
        byNumber.filter { favorites.contains($0.num) }
    }
}
