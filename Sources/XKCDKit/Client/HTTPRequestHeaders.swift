/// Request header fields checked and written out as lines, so that no name or value can end
/// a line early and smuggle in another field.
enum HTTPRequestHeaders {
    /// `headers` as `Name: value` lines sorted by name (an empty value as `Name;`, libcurl's
    /// way to send one), or ``XKCDError/cannotDo(_:)`` naming the first field refused: a name
    /// that is not an RFC 9110 token, or a value holding CR, LF or NUL.
    static func lines(_ headers: [String: String]) throws(XKCDError) -> [String] {
        var lines: [String] = []
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                throw .cannotDo(
                    "refused to send a request header named '\(TerminalSanitizer.brief(name))': not a valid field name")
            }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw .cannotDo("refused to send the request header \(name): its value holds a line break or NUL")
            }
            lines.append(value.isEmpty ? name + ";" : name + ": " + value)
        }
        return lines
    }

    // RFC 9110 §5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
    // "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
