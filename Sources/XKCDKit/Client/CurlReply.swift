import CCurl

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the C client reported for one request, copied out of its buffers.
struct CurlReply: Sendable {
    var outcome: xkcd_http_outcome
    var osErrno: Int32
    var status: Int
    var error: String
    var body: Data
    var headers: Data
    /// The HTTP version the response came over (11, 20, ...), 0 when none arrived.
    var httpVersion = 0
    /// The URL last asked for, after any redirects; empty when unknown.
    var address = ""

    /// Whether the response came over a connection that carries many requests at once.
    var multiplexed: Bool { httpVersion >= 20 }

    static let failed = CurlReply(
        outcome: XKCD_HTTP_FAILED, osErrno: 0, status: 0, error: "no result", body: Data(), headers: Data())

    init(outcome: xkcd_http_outcome, osErrno: Int32, status: Int, error: String, body: Data, headers: Data) {
        self.outcome = outcome
        self.osErrno = osErrno
        self.status = status
        self.error = error
        self.body = body
        self.headers = headers
    }

    init(_ result: xkcd_http_result) {
        outcome = result.outcome
        osErrno = result.os_errno
        status = result.status
        httpVersion = Int(result.http_version)
        address = result.address.map { String(cString: $0) } ?? ""
        body = result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data()
        if result.outcome == XKCD_HTTP_OK {
            error = ""
            headers = result.headers.map { Data(bytes: $0, count: result.headers_length) } ?? Data()
        } else {
            // libcurl's detailed message names more than its generic one, when there is one.
            let detail = result.detail.map { String(cString: $0) } ?? ""
            error = detail.isEmpty ? result.error.map { String(cString: $0) } ?? "" : detail
            headers = Data()
        }
    }

    func response(for url: URL, timeout: TimeInterval, maxBodyBytes: Int) throws(XKCDError) -> HTTPResponse {
        if outcome == XKCD_HTTP_OK { return HTTPResponse(status: status, headerBlock: headers, body: body) }
        // Only failures name the host, so answers skip taking the URL apart. A failure after a
        // redirect names the host it led to, and the one that sent there.
        let asked = Self.host(of: url)
        let host = URL(string: address).map(Self.host) ?? asked
        let redirected = host == asked ? "" : ", where \(asked) redirected"
        switch outcome {
        case XKCD_HTTP_CANCELLED:
            throw .cancelled
        case XKCD_HTTP_TIMED_OUT:
            throw .network(
                "\(host) did not answer within \(Self.formatSeconds(timeout))\(redirected) — check your connection")
        case XKCD_HTTP_TOO_SLOW:
            throw .network(
                "\(host) sent its answer too slowly: not all of it within \(Self.formatSeconds(CurlTransport.wholeTransferLimit(timeout)))"
                    + "\(redirected) — check your connection")
        case XKCD_HTTP_HEADER_TOO_LARGE:
            throw .badData("\(host) sent headers too large to read\(redirected)")
        case XKCD_HTTP_CANNOT_CONNECT:
            if osErrno == 0 || osErrno == ECONNREFUSED {
                throw .network("cannot connect to \(host) (connection refused)\(redirected)")
            }
            throw .network(
                "cannot connect to \(host) (\(Self.lowercasedFirst(String(cString: strerror(osErrno)))))\(redirected)")
        case XKCD_HTTP_CANNOT_RESOLVE:
            throw .network("cannot find host \(host)\(redirected) — check the URL or your connection")
        case XKCD_HTTP_CONNECTION_LOST:
            throw .network("the connection to \(host) was lost", retryable: true)
        case XKCD_HTTP_BAD_RESPONSE:
            throw .network("\(host) closed the connection without a proper answer", retryable: true)
        case XKCD_HTTP_TOO_MANY_REDIRECTS:
            throw .network("too many redirects from \(host)")
        case XKCD_HTTP_TOO_LARGE:
            throw .badData("the answer from \(host) is larger than \(Self.formatBytes(maxBodyBytes))")
        case XKCD_HTTP_TLS_FAILED:
            throw .network("secure connection to \(host) failed" + (error.isEmpty ? "" : ": \(error)"))
        case XKCD_HTTP_BAD_URL:
            throw .network("cannot fetch \(url.absoluteString) — only http and https addresses work")
        case XKCD_HTTP_BAD_HEADER:
            throw .cannotDo("refused to send a request header holding a line break to \(host)")
        default:
            throw .network("request to \(host) failed: \(Self.lowercasedFirst(error))")
        }
    }

    private static func host(of url: URL) -> String {
        url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } ?? url.absoluteString
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func formatSeconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t))s" : NumberText.fixed(t, decimals: 1) + "s"
    }

    private static func formatBytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KB" }
        return "\(count) bytes"
    }
}
