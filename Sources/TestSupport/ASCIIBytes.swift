/// Byte-level helpers for HTTP's ASCII syntax: header names compare without regard to case
/// and values lose surrounding spaces and tabs, with no detour through Foundation's strings.
enum ASCIIBytes {
    /// `byte` with A–Z folded to a–z.
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether `a` and `b` are equal ignoring ASCII case.
    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { lower($0) == lower($1) }
    }

    /// `bytes` without leading and trailing spaces and tabs (HTTP's optional whitespace).
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// The comma-separated elements of a header value, trimmed, empty ones dropped.
    static func list(_ value: String) -> [String] {
        Array(value.utf8).split(separator: UInt8(ascii: ",")).compactMap { element in
            let token = trimmed(element)
            return token.isEmpty ? nil : String(decoding: token, as: UTF8.self)
        }
    }

    /// ``list(_:)`` with A–Z folded to a–z, for tokens that ignore case.
    static func lowercasedList(_ value: String) -> [String] {
        list(value).map { String(decoding: $0.utf8.map(lower), as: UTF8.self) }
    }
}
