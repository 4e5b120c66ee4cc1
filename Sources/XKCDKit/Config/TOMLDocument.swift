#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value the settings file can hold. Dates, times and inline tables are reported as problems.
package enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
}

package struct TOMLEntry: Sendable, Equatable {
    /// The key as written, unquoted; a key under a `[table]` header is named `table.key`.
    package var key: String
    package var value: TOMLValue
    /// 1-based line of the key.
    package var line: Int

    package init(key: String, value: TOMLValue, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}

package struct TOMLProblem: Sendable, Equatable, Error {
    /// 1-based.
    package var line: Int
    package var message: String

    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// Reads and edits a flat `config.toml`, keeping the file's own text wherever it is not changed.
package enum TOMLDocument {
    /// Parses `text`; a line that is not TOML becomes a problem and parsing goes on at the next line,
    /// so one bad line never hides the rest.
    package static func parse(_ text: String) -> (entries: [TOMLEntry], problems: [TOMLProblem]) {
        var scanner = TOMLScanner(Array(text.utf8))
        let result = scanner.scan()
        return (result.entries.map(\.entry), result.problems)
    }

    /// `text` with top-level key `key` set to `value`.
    ///
    /// The value of an existing pair is rewritten in place, all its lines if it spans several, keeping the
    /// indentation, the key as spelled and any comment after the value. A missing key gets a new
    /// `key = value` line after the last top-level pair when a table header follows, else at the end.
    /// Every other byte is kept, including the line-ending style and whether the file ends with a newline.
    package static func setting(_ key: String, to value: TOMLValue, in text: String) -> String {
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
    package static func literal(_ value: TOMLValue) -> String {
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
    fileprivate static let tab: UInt8 = 0x09
    fileprivate static let lf: UInt8 = 0x0A
    fileprivate static let cr: UInt8 = 0x0D
    fileprivate static let space: UInt8 = 0x20
    fileprivate static let quote: UInt8 = 0x22
    fileprivate static let hash: UInt8 = 0x23
    fileprivate static let apostrophe: UInt8 = 0x27
    fileprivate static let plus: UInt8 = 0x2B
    fileprivate static let comma: UInt8 = 0x2C
    fileprivate static let minus: UInt8 = 0x2D
    fileprivate static let dot: UInt8 = 0x2E
    fileprivate static let zero: UInt8 = 0x30
    fileprivate static let colon: UInt8 = 0x3A
    fileprivate static let equals: UInt8 = 0x3D
    fileprivate static let openBracket: UInt8 = 0x5B
    fileprivate static let backslash: UInt8 = 0x5C
    fileprivate static let closeBracket: UInt8 = 0x5D
    fileprivate static let underscore: UInt8 = 0x5F
    fileprivate static let openBrace: UInt8 = 0x7B

    fileprivate var isDecimalDigit: Bool { self >= 0x30 && self <= 0x39 }
    fileprivate var isLetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    fileprivate var isHexDigit: Bool { isDecimalDigit || ((self | 0x20) >= 0x61 && (self | 0x20) <= 0x66) }
    fileprivate var isBareKeyByte: Bool { isLetter || isDecimalDigit || self == .underscore || self == .minus }
    fileprivate var isWhitespace: Bool { self == .space || self == .tab }
    fileprivate var isControl: Bool { self < 0x20 || self == 0x7F }

    fileprivate var hexValue: UInt8 { isDecimalDigit ? self - .zero : (self | 0x20) - 0x61 + 10 }
}

/// Parses the UTF-8 bytes of a document, remembering where each top-level value sits so it can be rewritten.
struct TOMLScanner {
    struct Entry {
        var entry: TOMLEntry
        var path: [String]
        var valueRange: Range<Int>
        /// Offset just past the pair's line ending.
        var end: Int
    }

    struct Result {
        var entries: [Entry] = []
        var problems: [TOMLProblem] = []
        /// Start of the line of the first table header, where the top-level table ends.
        var firstHeader: Int?
    }

    private struct Failure: Error {
        var message: String
        var at: Int
        /// Start of the line where parsing goes on; `nil` means the line after `at`.
        var resume: Int?

        init(_ message: String, at: Int, resume: Int? = nil) {
            self.message = message
            self.at = at
            self.resume = resume
        }
    }

    private enum Section {
        case table([String])
        // Pairs after an array-of-tables or broken header are checked but belong to no known table.
        case ignored
    }

    private let bytes: [UInt8]
    private let lineStarts: [Int]
    let bodyStart: Int
    private var pos: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for index in bytes.indices where bytes[index] == .lf {
            starts.append(index + 1)
        }
        lineStarts = starts
        bodyStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        pos = bodyStart
    }

    var usesCRLF: Bool {
        guard let first = bytes.firstIndex(of: .lf) else { return false }
        return first > 0 && bytes[first - 1] == .cr
    }

    mutating func scan() -> Result {
        var result = Result()
        var section = Section.table([])
        var keys: Set<[String]> = []
        var tables: Set<[String]> = []
        var tablePrefixes: Set<[String]> = []
        pos = bodyStart
        statements: while pos < bytes.count {
            let start = pos
            do throws(Failure) {
                skipWhitespace()
                guard let byte = current else { break statements }
                switch byte {
                case .lf, .cr:
                    try lineEnd()
                case .hash:
                    try trailer(after: "comment")
                case .openBracket:
                    if result.firstHeader == nil { result.firstHeader = lineStart(of: start) }
                    section = .ignored
                    let headerAt = pos
                    let name = try header()
                    let shown = "[" + name.joined(separator: ".") + "]"
                    let prefixes = (1...name.count).map { Array(name.prefix($0)) }
                    if tables.contains(name) {
                        result.problems.append(problem("table \(shown) is defined twice", at: headerAt))
                    } else if let clash = prefixes.first(where: keys.contains) {
                        let key = clash.joined(separator: ".")
                        result.problems.append(problem("table \(shown) clashes with key '\(key)'", at: headerAt))
                    }
                    tables.insert(name)
                    tablePrefixes.formUnion(prefixes)
                    section = .table(name)
                default:
                    let keyAt = pos
                    let pair = try keyValue()
                    guard case .table(let table) = section else { continue statements }
                    let path = table + [pair.key]
                    let name = path.joined(separator: ".")
                    if keys.contains(path) {
                        result.problems.append(problem("duplicate key '\(name)'", at: keyAt))
                    } else if tablePrefixes.contains(path) {
                        result.problems.append(problem("key '\(name)' is already a table", at: keyAt))
                    } else {
                        keys.insert(path)
                        let entry = TOMLEntry(key: name, value: pair.value, line: line(of: keyAt))
                        result.entries.append(Entry(entry: entry, path: path, valueRange: pair.valueRange, end: pos))
                    }
                }
            } catch {
                result.problems.append(problem(error.message, at: error.at))
                var resume = error.resume ?? nextLineStart(after: error.at)
                if resume <= start { resume = nextLineStart(after: start) }
                pos = resume
            }
        }
        return result
    }

    func commentBlockStart(above offset: Int) -> Int {
        var index = line(of: offset) - 1
        while index > 0 {
            var i = max(lineStarts[index - 1], bodyStart)
            while i < bytes.count, bytes[i].isWhitespace { i += 1 }
            guard i < bytes.count, bytes[i] == .hash else { break }
            index -= 1
        }
        return max(lineStarts[index], bodyStart)
    }

    // MARK: Positions

    private var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func isLineEnd(at offset: Int) -> Bool {
        guard let byte = byte(at: offset) else { return true }
        return byte == .lf || (byte == .cr && self.byte(at: offset + 1) == .lf)
    }

    private func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    private func lineStart(of offset: Int) -> Int { lineStarts[line(of: offset) - 1] }

    private func nextLineStart(after offset: Int) -> Int {
        let next = line(of: offset)
        return next < lineStarts.count ? lineStarts[next] : bytes.count
    }

    private func problem(_ message: String, at offset: Int) -> TOMLProblem {
        TOMLProblem(line: line(of: offset), message: message)
    }

    /// The rest of the line from `start` for quoting in a message: without a trailing comment, shortened.
    private func snippet(from start: Int, stoppingAt stop: UInt8? = nil) -> String {
        var end = start
        while !isLineEnd(at: end), bytes[end] != stop {
            if bytes[end] == .hash, end > start, bytes[end - 1].isWhitespace { break }
            end += 1
        }
        while end > start, bytes[end - 1].isWhitespace { end -= 1 }
        var limit = min(end, start + 40)
        while limit > start, limit < end, bytes[limit] & 0xC0 == 0x80 { limit -= 1 }
        let text = String(decoding: bytes[start..<limit], as: UTF8.self)
        return limit < end ? text + "…" : text
    }

    private func codePoint(_ byte: UInt8) -> String { "U+" + TOMLDocument.hex(UInt32(byte), width: 4) }

    // MARK: Statements

    private mutating func skipWhitespace() {
        while let byte = current, byte.isWhitespace { pos += 1 }
    }

    private mutating func lineEnd() throws(Failure) {
        if current == .lf {
            pos += 1
        } else if current == .cr, byte(at: pos + 1) == .lf {
            pos += 2
        } else if let byte = current {
            throw Failure("unexpected control character \(codePoint(byte))", at: pos)
        }
    }

    private mutating func comment() throws(Failure) {
        pos += 1
        while !isLineEnd(at: pos) {
            if bytes[pos] != .tab, bytes[pos].isControl {
                throw Failure("control character \(codePoint(bytes[pos])) in comment", at: pos)
            }
            pos += 1
        }
    }

    /// Whitespace, an optional comment and the line ending that must close a pair or a header.
    private mutating func trailer(after what: String) throws(Failure) {
        skipWhitespace()
        if current == .hash { try comment() }
        guard isLineEnd(at: pos) else {
            if let byte = current, byte.isControl {
                throw Failure("unexpected control character \(codePoint(byte)) after \(what)", at: pos)
            }
            throw Failure("unexpected text after \(what): '\(snippet(from: pos))'", at: pos)
        }
        try lineEnd()
    }

    private mutating func header() throws(Failure) -> [String] {
        let open = pos
        pos += 1
        if current == .openBracket {
            throw Failure("arrays of tables are not supported here: '\(snippet(from: open))'", at: open)
        }
        skipWhitespace()
        if current == .closeBracket || isLineEnd(at: pos) {
            throw Failure("expected a table name after '['", at: pos)
        }
        let name = try tableName()
        skipWhitespace()
        guard current == .closeBracket else {
            let found = isLineEnd(at: pos) ? "" : ", found '\(snippet(from: pos))'"
            throw Failure(
                "expected ']' after table name '\(snippet(from: open, stoppingAt: .closeBracket))'\(found)", at: pos)
        }
        pos += 1
        try trailer(after: "table header")
        return name
    }

    private mutating func tableName() throws(Failure) -> [String] {
        var parts = [try key()]
        while true {
            let save = pos
            skipWhitespace()
            guard current == .dot else {
                pos = save
                return parts
            }
            pos += 1
            skipWhitespace()
            parts.append(try key())
        }
    }

    private mutating func key() throws(Failure) -> String {
        guard let byte = current, !isLineEnd(at: pos) else { throw Failure("expected a key", at: pos) }
        switch byte {
        case .quote:
            return try basicString()
        case .apostrophe:
            return try literalString()
        case .equals:
            throw Failure("expected a key before '='", at: pos)
        case _ where byte.isBareKeyByte:
            let start = pos
            while let next = current, next.isBareKeyByte { pos += 1 }
            return String(decoding: bytes[start..<pos], as: UTF8.self)
        default:
            throw Failure("expected a key, found '\(snippet(from: pos))'", at: pos)
        }
    }

    private mutating func keyValue() throws(Failure) -> (key: String, value: TOMLValue, valueRange: Range<Int>) {
        let keyStart = pos
        let key = try key()
        skipWhitespace()
        if current == .dot {
            let written = snippet(from: keyStart, stoppingAt: .equals)
            throw Failure("dotted keys are not used here: '\(written)'", at: keyStart)
        }
        guard current == .equals else {
            let found = isLineEnd(at: pos) ? "" : ", found '\(snippet(from: pos))'"
            throw Failure("expected '=' after key '\(key)'\(found)", at: pos)
        }
        pos += 1
        skipWhitespace()
        let valueStart = pos
        let value = try value(depth: 0)
        let valueEnd = pos
        try trailer(after: "value")
        return (key, value, valueStart..<valueEnd)
    }

    /// Whether a line inside an unclosed array reads as the next pair or header, so the array lacks its `]`.
    private func startsStatement() -> Bool {
        var probe = self
        if probe.current == .openBracket {
            probe.pos += 1
            if probe.current == .openBracket { probe.pos += 1 }
            probe.skipWhitespace()
            guard let first = probe.current,
                first.isLetter || first == .underscore || first == .quote
                    || first == .apostrophe
            else { return false }
            guard (try? probe.tableName()) != nil else { return false }
            probe.skipWhitespace()
            return probe.current == .closeBracket
        }
        guard (try? probe.key()) != nil else { return false }
        probe.skipWhitespace()
        return probe.current == .equals || probe.current == .dot
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> TOMLValue {
        guard let byte = current, !isLineEnd(at: pos), byte != .hash else {
            throw Failure("expected a value after '='", at: pos)
        }
        switch byte {
        case .quote:
            return .string(try opensTriple(.quote) ? multilineBasicString() : basicString())
        case .apostrophe:
            return .string(try opensTriple(.apostrophe) ? multilineLiteralString() : literalString())
        case .openBracket:
            return try array(depth: depth + 1)
        case .openBrace:
            throw Failure("inline tables are not supported here", at: pos)
        default:
            return try scalar()
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> TOMLValue {
        let open = pos
        guard depth <= 32 else { throw Failure("arrays nested too deeply", at: open) }
        pos += 1
        var items: [TOMLValue] = []
        while true {
            var crossedLine = try skipArraySpace()
            guard let byte = current else { throw Failure("unterminated array", at: open) }
            if byte == .closeBracket {
                pos += 1
                return .array(items)
            }
            if crossedLine, startsStatement() {
                throw Failure("unterminated array", at: open, resume: lineStart(of: pos))
            }
            items.append(try value(depth: depth))
            crossedLine = try skipArraySpace()
            switch current {
            case nil:
                throw Failure("unterminated array", at: open)
            case .comma:
                pos += 1
            case .closeBracket:
                pos += 1
                return .array(items)
            default:
                if crossedLine, startsStatement() {
                    throw Failure("unterminated array", at: open, resume: lineStart(of: pos))
                }
                throw Failure("expected ',' or ']' in array, found '\(snippet(from: pos))'", at: pos)
            }
        }
    }

    /// Skips whitespace, newlines and comments between array items; tells whether a line ended.
    private mutating func skipArraySpace() throws(Failure) -> Bool {
        var crossedLine = false
        while let byte = current {
            if byte.isWhitespace {
                pos += 1
            } else if byte == .lf || byte == .cr, isLineEnd(at: pos) {
                try lineEnd()
                crossedLine = true
            } else if byte == .hash {
                try comment()
            } else {
                break
            }
        }
        return crossedLine
    }

    private mutating func scalar() throws(Failure) -> TOMLValue {
        let start = pos
        while let byte = current,
            byte.isLetter || byte.isDecimalDigit || byte == .underscore || byte == .plus || byte == .minus
                || byte == .dot || byte == .colon
        {
            pos += 1
        }
        guard pos > start else { throw Failure("expected a value, found '\(snippet(from: start))'", at: start) }
        return try scalarValue(Array(bytes[start..<pos]), at: start)
    }

    private func scalarValue(_ token: [UInt8], at offset: Int) throws(Failure) -> TOMLValue {
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan": return .float(.nan)
        case "-nan": return .float(-.nan)
        default: break
        }
        if Self.isDateOrTime(token) {
            throw Failure("dates and times are not supported here: '\(text)'", at: offset)
        }
        if token.count >= 2, token[0] == .zero, let radix = Self.radix(prefix: token[1]) {
            return try prefixedInteger(token, radix: radix, text: text, at: offset)
        }
        if token[0].isLetter {
            if ["true", "false", "inf", "nan"].contains(text.lowercased()) {
                throw Failure("invalid value '\(text)' (true, false, inf and nan are lower-case)", at: offset)
            }
            throw Failure("invalid value '\(text)' (strings need quotes)", at: offset)
        }
        return try decimal(token, text: text, at: offset)
    }

    private static func isDateOrTime(_ token: [UInt8]) -> Bool {
        let date = token.count >= 5 && token[0..<4].allSatisfy(\.isDecimalDigit) && token[4] == .minus
        let time = token.count >= 3 && token[0..<2].allSatisfy(\.isDecimalDigit) && token[2] == .colon
        return date || time
    }

    private static func radix(prefix: UInt8) -> Int64? {
        switch prefix {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// Digits with single underscores between them, underscores dropped; `nil` when an underscore is not
    /// between two digits.
    private static func digits(_ token: [UInt8], _ index: inout Int, _ isDigit: (UInt8) -> Bool) -> [UInt8]? {
        var found: [UInt8] = []
        while index < token.count {
            if isDigit(token[index]) {
                found.append(token[index])
                index += 1
            } else if token[index] == .underscore {
                guard !found.isEmpty, index + 1 < token.count, isDigit(token[index + 1]) else { return nil }
                index += 1
            } else {
                break
            }
        }
        return found
    }

    private func prefixedInteger(_ token: [UInt8], radix: Int64, text: String, at offset: Int) throws(Failure)
        -> TOMLValue
    {
        var index = 2
        let isDigit: (UInt8) -> Bool = { byte in
            byte.isHexDigit && Int64(byte.hexValue) < radix
        }
        guard let found = Self.digits(token, &index, isDigit), !found.isEmpty, index == token.count else {
            throw Failure("invalid number '\(text)'", at: offset)
        }
        var value: Int64 = 0
        for digit in found {
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflowB) = shifted.addingReportingOverflow(Int64(digit.hexValue))
            if overflowA || overflowB { throw Failure("integer out of range: '\(text)'", at: offset) }
            value = sum
        }
        return .integer(value)
    }

    private func decimal(_ token: [UInt8], text: String, at offset: Int) throws(Failure) -> TOMLValue {
        let underscores = Failure("invalid number '\(text)' (underscores must sit between digits)", at: offset)
        var index = 0
        let negative = token[0] == .minus
        if token[0] == .plus || negative { index = 1 }
        guard let whole = Self.digits(token, &index, \.isDecimalDigit) else { throw underscores }
        var isFloat = false
        if index < token.count, token[index] == .dot {
            isFloat = true
            index += 1
            guard let fraction = Self.digits(token, &index, \.isDecimalDigit) else { throw underscores }
            if whole.isEmpty || fraction.isEmpty {
                throw Failure("invalid float '\(text)' (a decimal point needs a digit on each side)", at: offset)
            }
        }
        guard !whole.isEmpty else { throw Failure("invalid number '\(text)'", at: offset) }
        if index < token.count, token[index] | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            index += 1
            if index < token.count, token[index] == .plus || token[index] == .minus { index += 1 }
            guard let exponent = Self.digits(token, &index, \.isDecimalDigit) else { throw underscores }
            if exponent.isEmpty { throw Failure("invalid float '\(text)'", at: offset) }
        }
        guard index == token.count else { throw Failure("invalid number '\(text)'", at: offset) }
        if whole.count > 1, whole[0] == .zero {
            throw Failure("leading zeros are not allowed: '\(text)'", at: offset)
        }
        if isFloat {
            let plain = String(decoding: token.filter { $0 != .underscore }, as: UTF8.self)
            guard let float = Double(plain), float.isFinite else {
                throw Failure("float out of range: '\(text)'", at: offset)
            }
            return .float(float)
        }
        var magnitude: UInt64 = 0
        for digit in whole {
            let (shifted, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(UInt64(digit - .zero))
            if overflowA || overflowB { throw Failure("integer out of range: '\(text)'", at: offset) }
            magnitude = sum
        }
        let limit = UInt64(Int64.max)
        if negative, magnitude == limit + 1 { return .integer(.min) }
        guard magnitude <= limit else { throw Failure("integer out of range: '\(text)'", at: offset) }
        return .integer(negative ? -Int64(magnitude) : Int64(magnitude))
    }

    // MARK: Strings

    private func opensTriple(_ delimiter: UInt8) -> Bool {
        byte(at: pos + 1) == delimiter && byte(at: pos + 2) == delimiter
    }

    private func run(of delimiter: UInt8) -> Int {
        var end = pos
        while byte(at: end) == delimiter { end += 1 }
        return end - pos
    }

    private mutating func skipNewline() {
        if current == .lf {
            pos += 1
        } else if current == .cr, byte(at: pos + 1) == .lf {
            pos += 2
        }
    }

    private func controlFailure(in kind: String) -> Failure {
        Failure("control character \(codePoint(bytes[pos])) must be escaped in \(kind)", at: pos)
    }

    private mutating func basicString() throws(Failure) -> String {
        let open = pos
        pos += 1
        var text: [UInt8] = []
        while !isLineEnd(at: pos) {
            let byte = bytes[pos]
            if byte == .quote {
                pos += 1
                return String(decoding: text, as: UTF8.self)
            } else if byte == .backslash {
                try escape(into: &text)
            } else if byte != .tab, byte.isControl {
                throw controlFailure(in: "a string")
            } else {
                text.append(byte)
                pos += 1
            }
        }
        throw Failure("unterminated string", at: open)
    }

    private mutating func literalString() throws(Failure) -> String {
        let open = pos
        pos += 1
        let start = pos
        while !isLineEnd(at: pos) {
            let byte = bytes[pos]
            if byte == .apostrophe {
                pos += 1
                return String(decoding: bytes[start..<pos - 1], as: UTF8.self)
            } else if byte != .tab, byte.isControl {
                throw Failure("control character \(codePoint(byte)) is not allowed in a literal string", at: pos)
            }
            pos += 1
        }
        throw Failure("unterminated string", at: open)
    }

    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
        let start = pos
        pos += 1
        guard !isLineEnd(at: pos) else { throw Failure("invalid escape \\ at end of line", at: start) }
        let code = bytes[pos]
        pos += 1
        switch code {
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"): text.append(.tab)
        case UInt8(ascii: "n"): text.append(.lf)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(.cr)
        case .quote: text.append(.quote)
        case .backslash: text.append(.backslash)
        case UInt8(ascii: "u"): try unicodeEscape(digits: 4, from: start, into: &text)
        case UInt8(ascii: "U"): try unicodeEscape(digits: 8, from: start, into: &text)
        default:
            var end = pos
            while byte(at: end).map({ $0 & 0xC0 == 0x80 }) == true { end += 1 }
            let written = String(decoding: bytes[start..<end], as: UTF8.self)
            throw Failure("invalid escape \(written)", at: start)
        }
    }

    private mutating func unicodeEscape(digits count: Int, from start: Int, into text: inout [UInt8])
        throws(Failure)
    {
        var end = pos
        while end < pos + count, byte(at: end)?.isHexDigit == true { end += 1 }
        let written = String(decoding: bytes[start..<end], as: UTF8.self)
        guard end == pos + count else {
            throw Failure("invalid escape \(written) (needs \(count) hex digits)", at: start)
        }
        let value = bytes[pos..<end].reduce(UInt32(0)) { $0 << 4 | UInt32($1.hexValue) }
        guard let scalar = Unicode.Scalar(value) else {
            throw Failure("invalid escape \(written) (not a unicode scalar value)", at: start)
        }
        text.append(contentsOf: String(scalar).utf8)
        pos = end
    }

    /// Steps over a backslash that ends its line, with all whitespace and newlines after it.
    private mutating func lineEndingBackslash() -> Bool {
        var index = pos + 1
        while byte(at: index)?.isWhitespace == true { index += 1 }
        guard index < bytes.count, isLineEnd(at: index) else { return false }
        while let byte = byte(at: index) {
            if byte.isWhitespace || byte == .lf {
                index += 1
            } else if byte == .cr, self.byte(at: index + 1) == .lf {
                index += 2
            } else {
                break
            }
        }
        pos = index
        return true
    }

    // A problem inside a multi-line string is kept until its closing delimiter, so parsing goes on after
    // the whole string instead of reading its remaining lines as pairs.
    private mutating func multilineBasicString() throws(Failure) -> String {
        let open = pos
        pos += 3
        skipNewline()
        var text: [UInt8] = []
        var firstFailure: Failure?
        while let byte = current {
            if byte == .quote {
                if let closed = try closing(.quote, &text, after: firstFailure) { return closed }
            } else if byte == .backslash {
                if lineEndingBackslash() { continue }
                do throws(Failure) {
                    try escape(into: &text)
                } catch {
                    firstFailure = firstFailure ?? error
                    pos = min(error.at + 2, bytes.count)
                }
            } else if byte == .lf || byte == .cr, isLineEnd(at: pos) {
                text.append(.lf)
                skipNewline()
            } else if byte != .tab, byte.isControl {
                firstFailure = firstFailure ?? controlFailure(in: "a string")
                pos += 1
            } else {
                text.append(byte)
                pos += 1
            }
        }
        throw Failure("unterminated multi-line string", at: open, resume: nextLineStart(after: open))
    }

    // At a run of `quote`s in a multi-line string: three or more close it (up to two more are
    // its last characters), and the string is returned, or the first problem met inside it
    // thrown; fewer are text, and nil is returned.
    private mutating func closing(_ quote: UInt8, _ text: inout [UInt8], after firstFailure: Failure?)
        throws(Failure) -> String?
    {
        let quotes = run(of: quote)
        guard quotes >= 3 else {
            text.append(contentsOf: repeatElement(quote, count: quotes))
            pos += quotes
            return nil
        }
        let extra = min(quotes - 3, 2)
        text.append(contentsOf: repeatElement(quote, count: extra))
        pos += 3 + extra
        if let firstFailure {
            throw Failure(firstFailure.message, at: firstFailure.at, resume: nextLineStart(after: pos - 1))
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func multilineLiteralString() throws(Failure) -> String {
        let open = pos
        pos += 3
        skipNewline()
        var text: [UInt8] = []
        var firstFailure: Failure?
        while let byte = current {
            if byte == .apostrophe {
                if let closed = try closing(.apostrophe, &text, after: firstFailure) { return closed }
            } else if byte == .lf || byte == .cr, isLineEnd(at: pos) {
                text.append(.lf)
                skipNewline()
            } else if byte != .tab, byte.isControl {
                let failure = Failure(
                    "control character \(codePoint(byte)) is not allowed in a literal string", at: pos)
                firstFailure = firstFailure ?? failure
                pos += 1
            } else {
                text.append(byte)
                pos += 1
            }
        }
        throw Failure("unterminated multi-line string", at: open, resume: nextLineStart(after: open))
    }
}
