#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every stored comic's title in a form Tab can search fast: sorted by a folded key, so a prefix
/// is a binary search away. A pure value.
///
/// Titles are matched twice over. First by ``key(_:)``: case, accents and width folded, every
/// Unicode space read as one space, typographic quotes and dashes as their ASCII forms, other
/// punctuation kept (`D&D`, `<City>`). Where that finds nothing, by ``looseKey(_:)``: letters and
/// digits alone, so `dd comb` finds "D&D Combinatorics" and `city style` "<City>-Style Pizza".
/// Where that finds nothing either, by those letters without a possessive's `'s`, so
/// `Ballmer's Peak` finds "Ballmer Peak".
package struct TitleIndex: Sendable {
    /// One comic.
    struct Entry: Sendable, Equatable {
        /// The comic's number.
        var num: Int
        /// Its display title.
        package var title: String
        /// The folded title.
        var key: String
        /// The folded title without spaces or punctuation.
        var loose: String
        /// ``loose`` without a possessive's `s`.
        var bare: String
        /// The number as text, for prefix matching.
        var digits: String
    }

    private let byKey: [Entry]
    private let byLooseKey: [Entry]
    private let byBareKey: [Entry]
    private let byNumber: [Entry]
    private let favorites: Set<Int>

    /// An empty index.
    package static let empty = TitleIndex(titles: [], favorites: [])

    /// Builds the index from numbers and display titles; `favorites` marks the favorites.
    package init(titles: [(num: Int, title: String)], favorites: Set<Int>) {
        let entries = titles.map {
            let key = Self.key($0.title)
            return Entry(
                num: $0.num, title: $0.title, key: key, loose: Self.letters(of: key), bare: Self.bare(key),
                digits: String($0.num))
        }
        byKey = entries.sorted { $0.key == $1.key ? $0.num < $1.num : $0.key < $1.key }
        byLooseKey = entries.sorted { $0.loose == $1.loose ? $0.num < $1.num : $0.loose < $1.loose }
        byBareKey = entries.sorted { $0.bare == $1.bare ? $0.num < $1.num : $0.bare < $1.bare }
        byNumber = entries.sorted { $0.num < $1.num }
        self.favorites = favorites
    }

    /// How many titles it holds.
    var count: Int { byNumber.count }

    /// The comparison form of a title: sanitized; case, diacritics and width folded; any run of
    /// Unicode spaces one space, none at either end; curly quotes and dashes as ASCII.
    static func key(_ text: String) -> String {
        let folded = TextFolding.fold(TerminalSanitizer.sanitize(text, multiline: false))
        var out = ""
        var space = false
        for c in folded {
            if c.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" ") }
            space = false
            out.append(plain(c))
        }
        return out
    }

    /// The looser comparison form of a title: its ``key(_:)``'s letters and digits alone.
    static func looseKey(_ text: String) -> String {
        letters(of: key(text))
    }

    private static func letters(of key: String) -> String {
        String(key.filter { $0.isLetter || $0.isNumber })
    }

    // The letters of `key` without the `s` of a possessive (`ballmer's` is `ballmer`).
    private static func bare(_ key: String) -> String {
        let characters = Array(key)
        var out = ""
        for (index, c) in characters.enumerated() where c.isLetter || c.isNumber {
            let afterApostrophe = index > 1 && characters[index - 1] == "'" && characters[index - 2].isLetter
            let endsWord = index + 1 == characters.count || !characters[index + 1].isLetter
            if c == "s" && afterApostrophe && endsWord { continue }
            out.append(c)
        }
        return out
    }

    private static func plain(_ c: Character) -> Character {
        switch c {
        case "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{2032}": "'"
        case "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}": "\""
        case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}": "-"
        default: c
        }
    }

    /// How many comics a lookup can find.
    func count(favoritesOnly: Bool) -> Int {
        favoritesOnly ? favorites.count : byNumber.count
    }

    /// Whether it holds next to nothing of the archive: no title, or fewer than half the
    /// comics up to the newest it holds (as before a first `sync`), as search's note counts.
    var holdsFew: Bool {
        byNumber.count < max(1, (byNumber.map(\.num).max() ?? 0) / 2)
    }

    /// The comics a typed title names: those whose title equals `query` (by ``key(_:)``, else by
    /// ``looseKey(_:)``, else by those letters without possessives) if any, else every title
    /// starting with it; in number order.
    func matches(_ query: String, favoritesOnly: Bool = false) -> [Entry] {
        let key = Self.key(query)
        guard !key.isEmpty else { return [] }
        let prefixed = titles(withPrefix: query, favoritesOnly: favoritesOnly)
        let loose = Self.letters(of: key)
        var exact = prefixed.filter { $0.key == key }
        if exact.isEmpty { exact = prefixed.filter { $0.loose == loose && !loose.isEmpty } }
        if exact.isEmpty { exact = prefixed.filter { $0.bare == Self.bare(key) && !loose.isEmpty } }
        return (exact.isEmpty ? prefixed : exact).sorted { $0.num < $1.num }
    }

    /// The titles closest to a `query` that matches none: at most `limit`, each at most two
    /// edits away (by ``key(_:)``; one for a query under five letters), closest first.
    func nearest(_ query: String, favoritesOnly: Bool = false, limit: Int = 3) -> [Entry] {
        let key = Self.key(query)
        let allowed = key.count < 5 ? 1 : 2
        guard !key.isEmpty else { return [] }
        let scored: [(entry: Entry, distance: Int)] = byNumber.compactMap { entry in
            guard !favoritesOnly || favorites.contains(entry.num), abs(entry.key.count - key.count) <= allowed else {
                return nil
            }
            let distance = EditDistance.between(key, entry.key)
            return distance <= allowed ? (entry, distance) : nil
        }
        return scored.sorted { ($0.distance, $0.entry.num) < ($1.distance, $1.entry.num) }.prefix(limit).map(\.entry)
    }

    /// The comics whose title starts with `prefix`, in title order: by ``key(_:)``, or where
    /// none does, by ``looseKey(_:)``, or where none does either, by those letters without
    /// possessives.
    func titles(withPrefix prefix: String, favoritesOnly: Bool = false) -> [Entry] {
        let key = Self.key(prefix)
        let strict = Self.entries(byKey, startingWith: key, at: \.key, favorites: favoritesOnly ? favorites : nil)
        guard strict.isEmpty else { return strict }
        let loose = Self.letters(of: key)
        guard !loose.isEmpty else { return [] }
        let looser = Self.entries(
            byLooseKey, startingWith: loose, at: \.loose, favorites: favoritesOnly ? favorites : nil)
        guard looser.isEmpty else { return looser }
        return Self.entries(
            byBareKey, startingWith: Self.bare(key), at: \.bare, favorites: favoritesOnly ? favorites : nil)
    }

    // The run of `sorted` (sorted by `field`) whose field starts with `prefix`, found by binary
    // search; only `favorites` when given.
    private static func entries(
        _ sorted: [Entry], startingWith prefix: String, at field: KeyPath<Entry, String>, favorites: Set<Int>?
    ) -> [Entry] {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid][keyPath: field] < prefix { low = mid + 1 } else { high = mid }
        }
        var out: [Entry] = []
        var index = low
        while index < sorted.count, sorted[index][keyPath: field].hasPrefix(prefix) {
            if favorites?.contains(sorted[index].num) ?? true { out.append(sorted[index]) }
            index += 1
        }
        return out
    }

    /// The comics whose number starts with the digits `prefix`, in number order.
    func numbers(withPrefix prefix: String, favoritesOnly: Bool = false) -> [Entry] {
        byNumber.filter { $0.digits.hasPrefix(prefix) && (!favoritesOnly || favorites.contains($0.num)) }
    }

    /// Every favorite, in number order.
    var favoriteEntries: [Entry] {
        byNumber.filter { favorites.contains($0.num) }
    }
}
