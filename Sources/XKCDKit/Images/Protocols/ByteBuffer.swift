/// Output assembled byte by byte, for the encoders that write thousands of escapes an image.
struct ByteBuffer {
    /// What was written.
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `more`.
    mutating func append(contentsOf more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Appends the bytes of a literal.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal ASCII digits.
    mutating func append(decimal value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(decimal: -value)
            return
        }
        if value >= 10 { append(decimal: value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// The bytes as text (they are ASCII or whole UTF-8 sequences).
    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
