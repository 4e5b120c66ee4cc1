#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Strings as TOML writes them: basic and literal, on one line or several, with escapes.
extension TOMLScanner {
    func opensTriple(_ delimiter: UInt8) -> Bool {
        byte(at: pos + 1) == delimiter && byte(at: pos + 2) == delimiter
    }

    package func run(of delimiter: UInt8) -> Int {
        var end = pos
        while byte(at: end) == delimiter { end += 1 }
        return end - pos
    }

    mutating func skipNewline() {
        if current == .lf {
            pos += 1
        } else if current == .cr, byte(at: pos + 1) == .lf {
            pos += 2
        }
    }

    func controlFailure(in kind: String) -> Failure {
        Failure("control character \(codePoint(bytes[pos])) must be escaped in \(kind)", at: pos)
    }

    /// The length of the UTF-8 character at `offset`; nil when the bytes there are not UTF-8.
    func utf8Length(at offset: Int) -> Int? {
        guard bytes[offset] >= 0x80 else { return 1 }
        var rest = bytes[offset...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&rest) else { return nil }
        return UTF8.width(scalar)
    }

    /// The length of the character at `pos`, which must be UTF-8: the file is, and a byte
    /// that is not would otherwise change a value unseen.
    func characterLength() throws(Failure) -> Int {
        guard let length = utf8Length(at: pos) else { throw notUTF8(at: pos) }
        return length
    }

    func notUTF8(at offset: Int) -> Failure {
        Failure("not UTF-8 text (byte 0x\(TOMLDocument.hex(UInt32(bytes[offset]), width: 2)))", at: offset)
    }

    mutating func basicString() throws(Failure) -> String {
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
                let length = try characterLength()
                text.append(contentsOf: bytes[pos..<pos + length])
                pos += length
            }
        }
        throw Failure("unterminated string", at: open)
    }

    mutating func literalString() throws(Failure) -> String {
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
            pos += try characterLength()
        }
        throw Failure("unterminated string", at: open)
    }

    mutating func escape(into text: inout [UInt8]) throws(Failure) {
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

    mutating func unicodeEscape(digits count: Int, from start: Int, into text: inout [UInt8])
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
    mutating func lineEndingBackslash() -> Bool {
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

    // A multi-line string between three `delimiter`s: basic (`"""`, with escapes) or literal
    // (`'''`). A problem inside it is kept until its closing delimiter, so parsing goes on
    // after the whole string instead of reading its remaining lines as pairs.
    mutating func multilineString(_ delimiter: UInt8) throws(Failure) -> String {
        let open = pos
        pos += 3
        skipNewline()
        var text: [UInt8] = []
        var firstFailure: Failure?
        while let byte = current {
            if byte == delimiter {
                if let closed = try closing(delimiter, &text, after: firstFailure) { return closed }
            } else if byte == .backslash, delimiter == .quote {
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
                let failure =
                    delimiter == .quote
                    ? controlFailure(in: "a string")
                    : Failure("control character \(codePoint(byte)) is not allowed in a literal string", at: pos)
                firstFailure = firstFailure ?? failure
                pos += 1
            } else if let length = utf8Length(at: pos) {
                text.append(contentsOf: bytes[pos..<pos + length])
                pos += length
            } else {
                firstFailure = firstFailure ?? notUTF8(at: pos)
                pos += 1
            }
        }
        throw Failure("unterminated multi-line string", at: open, resume: nextLineStart(after: open))
    }

    // At a run of `quote`s in a multi-line string: three or more close it (up to two more are
    // its last characters), and the string is returned, or the first problem met inside it
    // thrown; fewer are text, and nil is returned.
    mutating func closing(_ quote: UInt8, _ text: inout [UInt8], after firstFailure: Failure?)
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
}
