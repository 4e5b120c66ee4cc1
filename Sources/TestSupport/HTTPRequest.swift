/// One parsed HTTP/1.x request.
struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, ...
    var method: String
    /// The request target as sent, e.g. `/353/info.0.json?x=1`.
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// Header fields; names lowercased, repeated fields joined with ", ".
    var headers: [String: String]

    /// The target without its query string.
    var path: String {
        if let query = target.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return String(decoding: target.utf8[..<query], as: UTF8.self)
        }
        return target
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool {
        let tokens = ASCIIBytes.lowercasedList(headers["connection"] ?? "")
        if tokens.contains("close") { return false }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return true
    }

    /// The outcome of trying to read one request from the front of a buffer.
    enum ParseResult {
        /// More bytes are needed.
        case incomplete
        /// A request, and how many bytes of the buffer it used.
        case complete(HTTPRequest, consumed: Int)
        /// Malformed or unsupported: answer with this status and close.
        case invalid(status: Int)
    }

    /// Requests whose head exceeds this are refused with 431.
    static let maximumHeadSize = 64 * 1024
    /// Request bodies larger than this are refused with 413.
    static let maximumBodySize = 1024 * 1024

    /// Reads one request from the front of `bytes` (pipelined requests may follow it).
    static func parse(_ bytes: [UInt8]) -> ParseResult {
        // RFC 9112 §2.2: ignore empty lines before the request line.
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: "\r") || bytes[start] == UInt8(ascii: "\n") {
            start += 1
        }
        guard let headEnd = endOfHead(bytes, from: start) else {
            return bytes.count - start > maximumHeadSize ? .invalid(status: 431) : .incomplete
        }
        if headEnd.head - start > maximumHeadSize { return .invalid(status: 431) }
        // Split on bytes: in a Swift String "\r\n" is one Character, not "\r" then "\n".
        var lines = bytes[start..<headEnd.head].split(separator: UInt8(ascii: "\n")).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        guard !lines.isEmpty else { return .invalid(status: 400) }
        let requestLine = lines.removeFirst().split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].starts(with: "HTTP/1.".utf8) else { return .invalid(status: 400) }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .invalid(status: 400) }
            let nameBytes = line[..<colon]
            guard !nameBytes.isEmpty,
                !nameBytes.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            else {
                return .invalid(status: 400)
            }
            let name = String(decoding: nameBytes.map(ASCIIBytes.lower), as: UTF8.self)
            let value = String(decoding: ASCIIBytes.trimmed(line[(colon + 1)...]), as: UTF8.self)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        if headers["transfer-encoding"] != nil { return .invalid(status: 501) }
        var bodyLength = 0
        if let length = headers["content-length"] {
            guard let value = Int(length), value >= 0 else { return .invalid(status: 400) }
            guard value <= maximumBodySize else { return .invalid(status: 413) }
            bodyLength = value
        }
        let consumed = headEnd.body + bodyLength
        guard bytes.count >= consumed else { return .incomplete }
        let request = HTTPRequest(
            method: String(decoding: requestLine[0], as: UTF8.self),
            target: String(decoding: requestLine[1], as: UTF8.self),
            version: String(decoding: requestLine[2], as: UTF8.self), headers: headers)
        return .complete(request, consumed: consumed)
    }

    /// Where the head ends (the index of its blank line) and where the body starts.
    /// Accepts CRLF and bare LF line ends.
    private static func endOfHead(_ bytes: [UInt8], from start: Int) -> (head: Int, body: Int)? {
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var index = start
        while index < bytes.count {
            if bytes[index] == newline {
                if index + 1 < bytes.count, bytes[index + 1] == newline {
                    return (index + 1, index + 2)
                }
                if index + 2 < bytes.count, bytes[index + 1] == carriageReturn, bytes[index + 2] == newline {
                    return (index + 1, index + 3)
                }
            }
            index += 1
        }
        return nil
    }
}
