import Foundation

/// A response: status, headers (lower-cased names) and body.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The body bytes.
    public var body: Data
    // A sync reads no header of thousands of responses: the raw block is parsed only when asked.
    private let fields: Fields

    private enum Fields: Sendable {
        case parsed([String: String])
        case block(Data)
    }

    /// Header fields, names lower-cased.
    public var headers: [String: String] {
        switch fields {
        case let .parsed(headers): headers
        case let .block(block): HTTPHeaderBlock.fields(block)
        }
    }

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.body = body
        fields = .parsed(headers)
    }

    /// Creates a response whose headers are read from `headerBlock` when first asked for.
    init(status: Int, headerBlock: Data, body: Data) {
        self.status = status
        self.body = body
        fields = .block(headerBlock)
    }
}

/// Sends GET requests; injected so tests and benchmarks can swap it.
public protocol HTTPTransport: Sendable {
    /// Fetches `url` sending `headers` as well, throwing ``XKCDError/network(_:retryable:)`` or
    /// ``XKCDError/cancelled`` on failure. A header that ``HTTPRequestHeaders/lines(_:)`` refuses
    /// (a name that is not a token, a value holding CR, LF or NUL) is never sent: the request
    /// fails with the error it throws, before anything goes out.
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse

    /// Fetches every URL of `urls` (no extra headers), keeping up to `limit` requests in
    /// flight. Each time one ends, `answer(index, result)` is called exactly once, and the
    /// next URL is asked for; unless `answer` returns false, which keeps that place taken
    /// until ``RequestBatch/releasePlace()``. A failure is what ``get(_:headers:)`` throws.
    /// `answer` runs on any thread, also within this call (when nothing can be asked for at
    /// all), ``RequestBatch/cancel()`` and ``RequestBatch/releasePlace()``; it should be quick.
    /// Cancelling answers the URLs not yet asked for, and the requests in flight that do not
    /// finish first, with ``XKCDError/cancelled``.
    func getEach(_ urls: [URL], limit: Int,
                 answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool) -> any RequestBatch
}

/// Requests started by ``HTTPTransport/getEach(_:limit:answer:)``.
public protocol RequestBatch: Sendable {
    /// Stops the requests in flight and those not yet made.
    func cancel()
    /// Gives back a place kept taken by an answer, so the next URL is asked for.
    func releasePlace()
}

extension HTTPTransport {
    /// Fetches `url` with no extra headers.
    public func get(_ url: URL) async throws -> HTTPResponse {
        try await get(url, headers: [:])
    }
}

/// Request header fields checked and written out as lines, so that no name or value can end
/// a line early and smuggle in another field.
public enum HTTPRequestHeaders {
    /// `headers` as `Name: value` lines sorted by name (an empty value as `Name;`, libcurl's
    /// way to send one), or ``XKCDError/cannotDo(_:)`` naming the first field refused: a name
    /// that is not an RFC 9110 token, or a value holding CR, LF or NUL.
    public static func lines(_ headers: [String: String]) throws(XKCDError) -> [String] {
        var lines: [String] = []
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                throw .cannotDo("refused to send a request header named '\(TerminalSanitizer.brief(name))': not a valid field name")
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
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
