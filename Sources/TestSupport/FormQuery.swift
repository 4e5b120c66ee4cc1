/// The parameters of a request target's query string, decoded as PHP does: `+` is a space,
/// `%XX` a byte (a malformed escape stays as written), and of a repeated name the last wins.
struct FormQuery: Sendable {
    /// Parameter values by name.
    private(set) var values: [String: String] = [:]

    /// Reads the query string of `target` (the part after `?`, up to any `#`).
    init(target: String) {
        let bytes = Array(target.utf8)
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return }
        let end = bytes[question...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        for pair in bytes[(question + 1)..<end].split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let name = Self.decode(pair[..<equals])
            let value = equals < pair.endIndex ? Self.decode(pair[(equals + 1)...]) : ""
            if !name.isEmpty { values[name] = value }
        }
    }

    /// The value of `name`, if the query holds it.
    subscript(name: String) -> String? {
        values[name]
    }

    private static func decode(_ part: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), part.endIndex - index >= 3,
                let high = hexValue(part[index + 1]), let low = hexValue(part[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
