#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The raw header block of a response, as libcurl hands it over (one status line per redirect,
/// then `Name: value` lines), read into fields.
enum HTTPHeaderBlock {
    /// The header fields of a raw header block, names lower-cased, repeated fields joined with ", ".
    static func fields(_ block: Data) -> [String: String] {
        var headers: [String: String] = [:]
        block.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let next = lineEnd + 1
                if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                defer { lineStart = next }
                // Status lines ("HTTP/1.1 200 OK", one per redirect) are not fields.
                if lineEnd - lineStart >= 5,
                    zip(bytes[lineStart..<(lineStart + 5)], "HTTP/".utf8).allSatisfy({ $0 == $1 })
                {
                    continue
                }
                var colon = lineStart
                while colon < lineEnd && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                guard colon < lineEnd else { continue }
                let (nameStart, nameEnd) = trimmed(bytes, lineStart, colon)
                let (valueStart, valueEnd) = trimmed(bytes, colon + 1, lineEnd)
                guard nameEnd > nameStart else { continue }
                let key = String(unsafeUninitializedCapacity: nameEnd - nameStart) { out in
                    for i in nameStart..<nameEnd {
                        let byte = bytes[i]
                        out[i - nameStart] = byte >= 65 && byte <= 90 ? byte + 32 : byte
                    }
                    return nameEnd - nameStart
                }
                let text = String(
                    decoding: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
                if let earlier = headers[key] {
                    headers[key] = earlier + ", " + text
                } else {
                    headers[key] = text
                }
            }
        }
        return headers
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (Int, Int) {
        var start = start
        var end = end
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return (start, end)
    }
}
