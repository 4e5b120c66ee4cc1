#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON document: what `--json` writes, with objects' keys in a fixed order, and what
/// ``JSONReader`` reads, with numbers kept as their text so integers stay exact.
package indirect enum JSONValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// A number, as its text.
    case number(String)
    /// A boolean.
    case bool(Bool)
    /// null.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, keys in document order; a repeated key keeps its last value in
    /// ``subscript(_:)``.
    case object([(String, JSONValue)])

    /// An integer.
    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number with a fraction, written with three decimals (null when not finite).
    static func double(_ value: Double) -> JSONValue {
        value.isFinite ? .number(NumberText.fixed(value, decimals: 3)) : .null
    }

    /// The member named `key` of an object (the last one when repeated), else nil.
    subscript(_ key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The string, when this is one.
    var string: String? {
        if case let .string(s) = self { return s }
        return nil
    }

    /// The number as an exact integer, when this is an integral number within ±10¹⁵.
    var integer: Int? {
        guard case let .number(text) = self else { return nil }
        if let value = Int(text) { return abs(value) < 1_000_000_000_000_000 ? value : nil }
        guard let value = Double(text), value.isFinite, value == value.rounded(), abs(value) < 1e15 else {
            return nil
        }
        return Int(value)
    }

    /// The elements, when this is an array.
    var array: [JSONValue]? {
        if case let .array(a) = self { return a }
        return nil
    }

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
        case let .number(text): out.append(contentsOf: text.utf8)
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

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)), let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.elementsEqual(b) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}
