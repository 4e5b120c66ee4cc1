#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    struct Failure: Error {
        package var message: String
        var at: Int
        /// Start of the line where parsing goes on; `nil` means the line after `at`.
        var resume: Int?

        init(_ message: String, at: Int, resume: Int? = nil) {
            self.message = message
            self.at = at
            self.resume = resume
        }
    }

    enum Section {
        case table([String])
        // Pairs after an array-of-tables or broken header are checked but belong to no known table.
        case ignored
    }

    let bytes: [UInt8]
    let lineStarts: [Int]
    let bodyStart: Int
    var pos: Int

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
                        result.problems.append(problem("table \(Self.brief(shown)) is defined twice", at: headerAt))
                    } else if let clash = prefixes.first(where: keys.contains) {
                        let key = clash.joined(separator: ".")
                        result.problems.append(
                            problem("table \(Self.brief(shown)) clashes with key '\(Self.brief(key))'", at: headerAt))
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
                        result.problems.append(problem("duplicate key '\(Self.brief(name))'", at: keyAt))
                    } else if tablePrefixes.contains(path) {
                        result.problems.append(problem("key '\(Self.brief(name))' is already a table", at: keyAt))
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

    var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func isLineEnd(at offset: Int) -> Bool {
        guard let byte = byte(at: offset) else { return true }
        return byte == .lf || (byte == .cr && self.byte(at: offset + 1) == .lf)
    }

    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    func lineStart(of offset: Int) -> Int { lineStarts[line(of: offset) - 1] }

    func nextLineStart(after offset: Int) -> Int {
        let next = line(of: offset)
        return next < lineStarts.count ? lineStarts[next] : bytes.count
    }

    func problem(_ message: String, at offset: Int) -> TOMLProblem {
        TOMLProblem(line: line(of: offset), message: message)
    }

    /// The rest of the line from `start` for quoting in a message: without a trailing comment, shortened.
    func snippet(from start: Int, stoppingAt stop: UInt8? = nil) -> String {
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

    /// Throws when the rest of the line from `start` is not UTF-8: the reason it cannot be read.
    func requireUTF8(from start: Int) throws(Failure) {
        var offset = start
        while !isLineEnd(at: offset) {
            guard let length = utf8Length(at: offset) else { throw notUTF8(at: offset) }
            offset += length
        }
    }

    /// A key or name from the file, made safe and short enough to quote in a message.
    static func brief(_ text: String) -> String { TerminalSanitizer.brief(text, limit: 40) }

    func codePoint(_ byte: UInt8) -> String { "U+" + TOMLDocument.hex(UInt32(byte), width: 4) }

    // MARK: Statements

    mutating func skipWhitespace() {
        while let byte = current, byte.isWhitespace { pos += 1 }
    }

    mutating func lineEnd() throws(Failure) {
        if current == .lf {
            pos += 1
        } else if current == .cr, byte(at: pos + 1) == .lf {
            pos += 2
        } else if let byte = current {
            throw Failure("unexpected control character \(codePoint(byte))", at: pos)
        }
    }

    mutating func comment() throws(Failure) {
        pos += 1
        while !isLineEnd(at: pos) {
            if bytes[pos] != .tab, bytes[pos].isControl {
                throw Failure("control character \(codePoint(bytes[pos])) in comment", at: pos)
            }
            pos += try characterLength()
        }
    }

    /// Whitespace, an optional comment and the line ending that must close a pair or a header.
    mutating func trailer(after what: String) throws(Failure) {
        skipWhitespace()
        if current == .hash { try comment() }
        guard isLineEnd(at: pos) else {
            if let byte = current, byte.isControl {
                throw Failure("unexpected control character \(codePoint(byte)) after \(what)", at: pos)
            }
            try requireUTF8(from: pos)
            throw Failure("unexpected text after \(what): '\(snippet(from: pos))'", at: pos)
        }
        try lineEnd()
    }

    mutating func header() throws(Failure) -> [String] {
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

    mutating func tableName() throws(Failure) -> [String] {
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

    mutating func key() throws(Failure) -> String {
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
            try requireUTF8(from: pos)
            throw Failure("expected a key, found '\(snippet(from: pos))'", at: pos)
        }
    }

    mutating func keyValue() throws(Failure) -> (key: String, value: TOMLValue, valueRange: Range<Int>) {
        let keyStart = pos
        let key = try key()
        skipWhitespace()
        if current == .dot {
            let written = snippet(from: keyStart, stoppingAt: .equals)
            throw Failure("dotted keys are not used here: '\(written)'", at: keyStart)
        }
        guard current == .equals else {
            let found = isLineEnd(at: pos) ? "" : ", found '\(snippet(from: pos))'"
            throw Failure("expected '=' after key '\(Self.brief(key))'\(found)", at: pos)
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
    func startsStatement() -> Bool {
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

    mutating func value(depth: Int) throws(Failure) -> TOMLValue {
        guard let byte = current, !isLineEnd(at: pos), byte != .hash else {
            throw Failure("expected a value after '='", at: pos)
        }
        switch byte {
        case .quote:
            return .string(try opensTriple(.quote) ? multilineString(.quote) : basicString())
        case .apostrophe:
            return .string(try opensTriple(.apostrophe) ? multilineString(.apostrophe) : literalString())
        case .openBracket:
            return try array(depth: depth + 1)
        case .openBrace:
            throw Failure("inline tables are not supported here", at: pos)
        default:
            return try scalar()
        }
    }

    mutating func array(depth: Int) throws(Failure) -> TOMLValue {
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
    mutating func skipArraySpace() throws(Failure) -> Bool {
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

    mutating func scalar() throws(Failure) -> TOMLValue {
        let start = pos
        while let byte = current,
            byte.isLetter || byte.isDecimalDigit || byte == .underscore || byte == .plus || byte == .minus
                || byte == .dot || byte == .colon
        {
            pos += 1
        }
        guard pos > start else {
            try requireUTF8(from: start)
            throw Failure("expected a value, found '\(snippet(from: start))'", at: start)
        }
        return try scalarValue(Array(bytes[start..<pos]), at: start)
    }

    func scalarValue(_ token: [UInt8], at offset: Int) throws(Failure) -> TOMLValue {
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

    static func isDateOrTime(_ token: [UInt8]) -> Bool {
        let date = token.count >= 5 && token[0..<4].allSatisfy(\.isDecimalDigit) && token[4] == .minus
        let time = token.count >= 3 && token[0..<2].allSatisfy(\.isDecimalDigit) && token[2] == .colon
        return date || time
    }

    static func radix(prefix: UInt8) -> Int64? {
        switch prefix {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// Digits with single underscores between them, underscores dropped; `nil` when an underscore is not
    /// between two digits.
    static func digits(_ token: [UInt8], _ index: inout Int, _ isDigit: (UInt8) -> Bool) -> [UInt8]? {
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

    func prefixedInteger(_ token: [UInt8], radix: Int64, text: String, at offset: Int) throws(Failure)
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

    func decimal(_ token: [UInt8], text: String, at offset: Int) throws(Failure) -> TOMLValue {
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
}
