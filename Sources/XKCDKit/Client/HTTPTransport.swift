import Foundation

/// A response: status, headers (lower-cased names) and body.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends GET requests; injected so tests and benchmarks can swap it.
public protocol HTTPTransport: Sendable {
    /// Fetches `url`, throwing ``XKCDError/network(_:)`` or ``XKCDError/cancelled`` on failure.
    func get(_ url: URL) async throws -> HTTPResponse
}
