/// ASCII letters' case, byte by byte, for markers looked for in text without decoding it.
enum ASCIICase {
    /// `byte` lowercased when it is an ASCII capital letter, else as it is.
    static func fold(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Where `marker` (lowercase ASCII) first starts in `bytes`, in any case; from the end
    /// when `last`.
    static func offset(of marker: String, in bytes: [UInt8], last: Bool = false) -> Int? {
        let pattern = Array(marker.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        let starts = 0...(bytes.count - pattern.count)
        let matches: (Int) -> Bool = { start in
            fold(bytes[start]) == pattern[0]
                && bytes[start..<(start + pattern.count)].elementsEqual(pattern) { fold($0) == $1 }
        }
        return last ? starts.reversed().first(where: matches) : starts.first(where: matches)
    }
}
