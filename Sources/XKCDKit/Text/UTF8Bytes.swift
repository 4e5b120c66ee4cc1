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
