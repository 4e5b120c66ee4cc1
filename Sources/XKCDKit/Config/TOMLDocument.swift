#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value the settings file can hold. Dates, times and inline tables are reported as problems.
enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
}

struct TOMLEntry: Sendable, Equatable {
    /// The key as written, unquoted; a key under a `[table]` header is named `table.key`.
    var key: String
    var value: TOMLValue
    /// 1-based line of the key.
    var line: Int

}

struct TOMLProblem: Sendable, Equatable, Error {
    /// 1-based.
    var line: Int
    package var message: String

}

/// Reads and edits a flat `config.toml`, keeping the file's own text wherever it is not changed.
enum TOMLDocument {
    /// Parses `text`; a line that is not TOML becomes a problem and parsing goes on at the next line,
    /// so one bad line never hides the rest.
    static func parse(_ text: String) -> (entries: [TOMLEntry], problems: [TOMLProblem]) {
        parse(bytes: Array(text.utf8))
    }

    /// Parses a file's bytes; a line that is not UTF-8 text is a problem, as one that is not TOML.
    static func parse(bytes: [UInt8]) -> (entries: [TOMLEntry], problems: [TOMLProblem]) {
        var scanner = TOMLScanner(bytes)
        let result = scanner.scan()
        return (result.entries.map(\.entry), result.problems)
    }

    /// `text` with top-level key `key` set to `value`.
    ///
    /// The value of an existing pair is rewritten in place, all its lines if it spans several, keeping the
    /// indentation, the key as spelled and any comment after the value. A missing key gets a new
    /// `key = value` line after the last top-level pair when a table header follows, else at the end.
    /// Every other byte is kept, including the line-ending style and whether the file ends with a newline.
    static func setting(_ key: String, to value: TOMLValue, in text: String) -> String {
        var bytes = Array(text.utf8)
        var scanner = TOMLScanner(bytes)
        let result = scanner.scan()
        let written = Array(literal(value).utf8)
        if let existing = result.entries.first(where: { $0.path == [key] }) {
            bytes.replaceSubrange(existing.valueRange, with: written)
            return String(decoding: bytes, as: UTF8.self)
        }
        let newline: [UInt8] = scanner.usesCRLF ? [.cr, .lf] : [.lf]
        let line = Array("\(keyLiteral(key)) = ".utf8) + written
        if let header = result.firstHeader {
            let offset =
                result.entries.last(where: { $0.path.count == 1 })?.end
                ?? scanner.commentBlockStart(above: header)
            bytes.insert(contentsOf: line + newline, at: offset)
        } else if bytes.count == scanner.bodyStart || bytes.last == .lf {
            bytes += line + newline
        } else {
            bytes += newline + line
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How `value` is written in TOML: strings as basic strings with escapes, floats so they read back the same.
    static func literal(_ value: TOMLValue) -> String {
        switch value {
        case .string(let string):
            return quoted(string)
        case .integer(let integer):
            return String(integer)
        case .float(let float):
            if float.isNaN { return "nan" }
            if float.isInfinite { return float < 0 ? "-inf" : "inf" }
            let text = float.description
            return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
        case .boolean(let boolean):
            return boolean ? "true" : "false"
        case .array(let items):
            return "[" + items.map(literal).joined(separator: ", ") + "]"
        }
    }

    static func keyLiteral(_ key: String) -> String {
        !key.isEmpty && key.utf8.allSatisfy(\.isBareKeyByte) ? key : quoted(key)
    }

    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u" + hex(scalar.value, width: 4)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension UInt8 {
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let apostrophe: UInt8 = 0x27
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let openBrace: UInt8 = 0x7B

    var isDecimalDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isLetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    var isHexDigit: Bool { isDecimalDigit || ((self | 0x20) >= 0x61 && (self | 0x20) <= 0x66) }
    var isBareKeyByte: Bool { isLetter || isDecimalDigit || self == .underscore || self == .minus }
    var isWhitespace: Bool { self == .space || self == .tab }
    var isControl: Bool { self < 0x20 || self == 0x7F }

    var hexValue: UInt8 { isDecimalDigit ? self - .zero : (self | 0x20) - 0x61 + 10 }
}
