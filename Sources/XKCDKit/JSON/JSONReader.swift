/// A strict JSON parser (RFC 8259) working on UTF-8 bytes, for the documents this client
/// reads: comic metadata, explanations, favorites files. Strings come out as native Swift
/// strings; invalid UTF-8 inside them is replaced, never trusted.
package enum JSONReader {
    /// Why a document was refused, with the byte offset where parsing stopped.
    package struct SyntaxError: Error, Equatable, Sendable {
        let offset: Int
        let reason: String
    }

    /// The deepest nesting accepted; deeper documents are refused rather than risking the stack.
    static let maxDepth = 64

    /// Parses one JSON document (surrounding whitespace allowed, nothing else after it).
    package static func parse<Bytes: Collection>(_ bytes: Bytes) throws(SyntaxError) -> JSONValue
    where Bytes.Element == UInt8 {
        let result: Result<JSONValue, SyntaxError>? = bytes.withContiguousStorageIfAvailable { buffer in
            var parser = Parser(bytes: buffer)
            return Result { () throws(SyntaxError) in try parser.document() }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer throws(SyntaxError) in
            var parser = Parser(bytes: buffer)
            return try parser.document()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func document() throws(SyntaxError) -> JSONValue {
            skipWhitespace()
            let value = try self.value()
            skipWhitespace()
            guard position == bytes.count else { throw fail("unexpected text after the document") }
            return value
        }

        func fail(_ reason: String) -> SyntaxError {
            SyntaxError(offset: position, reason: reason)
        }

        var current: UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func value() throws(SyntaxError) -> JSONValue {
            guard let byte = current else { throw fail("unexpected end of the document") }
            switch byte {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { throw fail("unexpected end of the document") }
            for i in 0..<count where bytes[position + i] != word.utf8Start[i] {
                throw fail("unknown literal")
            }
            position += count
        }

        mutating func enter() throws(SyntaxError) {
            depth += 1
            guard depth <= JSONReader.maxDepth else { throw fail("nested too deeply") }
        }

        mutating func object() throws(SyntaxError) -> JSONValue {
            try enter()
            position += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw fail("expected ':'") }
                position += 1
                skipWhitespace()
                members.append((key, try value()))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "}"):
                    position += 1
                    depth -= 1
                    return .object(members)
                default: throw fail("expected ',' or '}'")
                }
            }
        }

        mutating func array() throws(SyntaxError) -> JSONValue {
            try enter()
            position += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value())
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): position += 1
                case UInt8(ascii: "]"):
                    position += 1
                    depth -= 1
                    return .array(elements)
                default: throw fail("expected ',' or ']'")
                }
            }
        }

        mutating func number() throws(SyntaxError) -> String {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            guard let first = current, (0x30...0x39).contains(first) else { throw fail("expected a digit") }
            position += 1
            if first != 0x30 { skipDigits() }
            if current == UInt8(ascii: ".") {
                position += 1
                guard try digits() > 0 else { throw fail("expected a digit") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard try digits() > 0 else { throw fail("expected a digit") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        mutating func skipDigits() {
            while let byte = current, (0x30...0x39).contains(byte) { position += 1 }
        }

        mutating func digits() throws(SyntaxError) -> Int {
            let start = position
            skipDigits()
            return position - start
        }

        mutating func string() throws(SyntaxError) -> String {
            position += 1
            let start = position
            skipPlainRun()
            // Fast path: no escapes, so the bytes are the string.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw fail("control character in a string") }
                position += 1
            }
            // Escapes: plain runs between them are copied whole.
            var out: [UInt8] = []
            out.reserveCapacity(position - start + 64)
            var run = start
            while position < bytes.count {
                skipPlainRun()
                guard position < bytes.count else { break }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                    position += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                    position += 1
                    try escape(into: &out)
                    run = position
                    continue
                }
                guard byte >= 0x20 else { throw fail("control character in a string") }
                position += 1
            }
            throw fail("unterminated string")
        }

        // Moves past the bytes that need no attention inside a string (anything but a quote, a
        // backslash or a control character), eight at a time: strings are most of a comic's JSON.
        mutating func skipPlainRun() {
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            while position + 8 <= bytes.count {
                let word = ByteWord(raw, at: position)
                let special = word.equal(to: UInt8(ascii: "\"")) | word.equal(to: UInt8(ascii: "\\")) | word.below(0x20)
                if special != 0 {
                    position += (special.trailingZeroBitCount) / 8
                    return
                }
                position += 8
            }
        }

        mutating func escape(into out: inout [UInt8]) throws(SyntaxError) {
            guard let byte = current else { throw fail("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(try hex4())
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate pairs with a following \uDC00–\uDFFF; alone it is replaced.
                    let save = position
                    if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = UInt32(try hex4())
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            position = save
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
            default:
                position -= 1
                throw fail("unknown escape")
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt16 {
            guard position + 4 <= bytes.count else { throw fail("unterminated string") }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: throw fail("bad \\u escape")
                }
                value = value << 4 | UInt16(digit)
                position += 1
            }
            return value
        }
    }
}
