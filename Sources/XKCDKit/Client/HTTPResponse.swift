#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A response: status, headers (lower-cased names) and body.
package struct HTTPResponse: Sendable {
    /// The HTTP status code.
    var status: Int
    /// The body bytes.
    var body: Data
    // A sync reads no header of thousands of responses: the raw block is parsed only when asked.
    private let fields: Fields

    private enum Fields: Sendable {
        case parsed([String: String])
        case block(Data)
    }

    /// Header fields, names lower-cased.
    var headers: [String: String] {
        switch fields {
        case let .parsed(headers): headers
        case let .block(block): HTTPHeaderBlock.fields(block)
        }
    }

    /// Creates a response.
    init(status: Int, headers: [String: String] = [:], body: Data) {
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
