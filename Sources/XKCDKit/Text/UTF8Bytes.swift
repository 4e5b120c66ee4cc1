#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a String's UTF-8 bytes directly, for the text passes that run over every comic.
enum UTF8Bytes {
    /// The scalar whose encoding starts at `i`, and its length in bytes. The bytes must be
    /// valid UTF-8 (as a String's are), so the lead byte alone gives the length.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[i]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (value, length)
    }
}

extension String {
    /// Whether the UTF-8 encoding holds `byte`, scanning contiguous storage directly
    /// (several times faster than iterating `utf8` for long fields).
    func containsUTF8(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        } ?? utf8.contains(byte)
    }
}

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
