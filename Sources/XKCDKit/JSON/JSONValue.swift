#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON document with objects in a fixed key order, for stable `--json` output.
package indirect enum JSONValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A number with a fraction, written with three decimals.
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// null.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, keys in the order given.
    case object([(String, JSONValue)])

    /// Compact JSON text.
    package var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case let .string(s): Self.writeString(s, to: &out)
        case let .int(i): out.append(contentsOf: String(i).utf8)
        case let .double(d): out.append(contentsOf: (d.isFinite ? NumberText.fixed(d, decimals: 3) : "null").utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(fields):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    // Works on UTF-8 bytes: controls (C0, DEL, C1) and U+2028/U+2029 are escaped as \uXXXX,
    // everything else is copied.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        func escape(_ value: UInt32) {
            let hex = Array(String(value, radix: 16).utf8)
            out.append(contentsOf: Array("\\u".utf8) + Array(repeating: UInt8(ascii: "0"), count: 4 - hex.count) + hex)
        }
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape at all: copy them in one go.
        let plain = s.utf8.allSatisfy {
            (0x20..<0x7F).contains($0) && $0 != 0x22 && $0 != 0x5C || ($0 >= 0x80 && $0 != 0xC2 && $0 != 0xE2)
        }
        if plain {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        var bytes = s.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: Array("\\\"".utf8))
            case UInt8(ascii: "\\"): out.append(contentsOf: Array("\\\\".utf8))
            case 0x0A: out.append(contentsOf: Array("\\n".utf8))
            case 0x0D: out.append(contentsOf: Array("\\r".utf8))
            case 0x09: out.append(contentsOf: Array("\\t".utf8))
            case 0x00..<0x20, 0x7F: escape(UInt32(byte))
            case 0xC2:
                // U+0080…U+009F are C2 80…C2 9F.
                guard let next = bytes.next() else {
                    out.append(byte)
                    continue
                }
                if (0x80...0x9F).contains(next) { escape(UInt32(next)) } else { out.append(contentsOf: [byte, next]) }
            case 0xE2:
                pending = [byte]
                while pending.count < 3, let next = bytes.next() { pending.append(next) }
                if pending.count == 3, pending[1] == 0x80, pending[2] == 0xA8 || pending[2] == 0xA9 {
                    escape(pending[2] == 0xA8 ? 0x2028 : 0x2029)
                } else {
                    out.append(contentsOf: pending)
                }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Equal when they serialize the same.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized == rhs.serialized
    }
}
