/// Byte-level helpers for HTTP's ASCII syntax: header names compare without regard to case
/// and values lose surrounding spaces and tabs, with no detour through Foundation's strings.
enum ASCIIBytes {
    /// `byte` with A–Z folded to a–z.
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether `a` and `b` are equal ignoring ASCII case.
    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && zip(x, y).allSatisfy { lower($0) == lower($1) }
            }
        }
    }

    /// `bytes` without leading and trailing spaces and tabs (HTTP's optional whitespace).
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// The comma-separated elements of a header value, trimmed and lowercased, empty ones dropped.
    static func lowercasedList(_ value: String) -> [String] {
        Array(value.utf8).split(separator: UInt8(ascii: ",")).compactMap { element in
            let token = trimmed(element)
            return token.isEmpty ? nil : String(decoding: token.map(lower), as: UTF8.self)
        }
    }
}
