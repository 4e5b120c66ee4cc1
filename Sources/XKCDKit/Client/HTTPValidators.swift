#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a response said to validate it by next time: its `ETag` and `Last-Modified` fields,
/// as sent, for a conditional request (`If-None-Match`, `If-Modified-Since`) later on.
struct HTTPValidators: Sendable, Equatable {
    /// The ETag header as sent (quotes and `W/` kept).
    var etag: String?
    /// The Last-Modified header as sent.
    var lastModified: String?

    /// The longest validator, in bytes, taken from a response or sent back.
    static let maxLength = 256

    /// Validators with these values.
    init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The validators in a response's header fields (names lower-cased), each kept only when
    /// ``isUsable(_:)``: anything else a server sends is dropped.
    init(responseHeaders headers: [String: String]) {
        etag = headers["etag"].flatMap { Self.isUsable($0) ? $0 : nil }
        lastModified = headers["last-modified"].flatMap { Self.isUsable($0) ? $0 : nil }
    }

    /// Neither validator is known.
    var isEmpty: Bool { etag == nil && lastModified == nil }

    /// Whether `value` can be kept and sent back: 1 to ``maxLength`` bytes of printable ASCII
    /// (0x20–0x7E), so it can neither break a header line nor grow without bound.
    static func isUsable(_ value: String) -> Bool {
        let bytes = value.utf8
        return !bytes.isEmpty && bytes.count <= maxLength && bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
    }

    /// The request header fields that make a GET conditional on these validators:
    /// `If-None-Match` for the ETag and `If-Modified-Since` for Last-Modified (both when both
    /// are known; RFC 9110 §13.2.2 has the server go by If-None-Match). A validator that is
    /// not ``isUsable(_:)`` is left out, so a damaged stored value costs an unconditional
    /// request, never a damaged one.
    var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag, Self.isUsable(etag) { headers["If-None-Match"] = etag }
        if let lastModified, Self.isUsable(lastModified) { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// A compact text form for storing in a settings table: each validator as its length in
    /// UTF-8 bytes, `:` and the value, or `-` when unknown, ETag first. For example
    /// `8:"5f-abc"29:Wed, 21 Oct 2015 07:28:00 GMT`, `-29:Wed, 21 Oct 2015 07:28:00 GMT`, or
    /// `--` for no validators. Every value survives the round trip through ``init(encoded:)``.
    var encoded: String {
        Self.encode(etag) + Self.encode(lastModified)
    }

    /// The validators `text` encodes (see ``encoded``); nil when it is not such a text.
    init?(encoded text: String) {
        let bytes = Array(text.utf8)
        var position = 0
        guard let etag = Self.decode(bytes, at: &position),
            let lastModified = Self.decode(bytes, at: &position),
            position == bytes.count
        else { return nil }
        self.init(etag: etag, lastModified: lastModified)
    }

    private static func encode(_ value: String?) -> String {
        value.map { "\($0.utf8.count):\($0)" } ?? "-"
    }

    // One field at `position`, moving past it: .some(nil) for `-`, nil when malformed.
    private static func decode(_ bytes: [UInt8], at position: inout Int) -> String?? {
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            return .some(nil)
        }
        // A length without leading zeros and small enough not to overflow.
        var length = 0
        var end = position
        while end < bytes.count, end - position < 7, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            length = length * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        guard end > position, bytes[position] != UInt8(ascii: "0") || end == position + 1,
            end < bytes.count, bytes[end] == UInt8(ascii: ":"), length <= bytes.count - end - 1,
            let value = String(bytes: bytes[(end + 1)..<(end + 1 + length)], encoding: .utf8)
        else { return nil }
        position = end + 1 + length
        return .some(value)
    }
}
