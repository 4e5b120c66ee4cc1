import Foundation

extension XKCDTestServer {
    /// A misbehaviour the server shows for a path until it is cleared with `nil`, or for a
    /// number of requests (`setFault(_:for:times:)`).
    /// Requests that meet a fault still count in `requestCount` and `requestLog`.
    package enum Fault: Sendable, Equatable {
        /// Answer with this status, body (text/plain) and extra or replacing headers (a
        /// `Content-Type` here replaces text/plain); `["Connection": "close"]` also closes the
        /// connection after the answer.
        case status(Int, body: String = "", headers: [String: String] = [:])
        /// Answer with this body as `application/json` (e.g. non-JSON or truncated JSON)
        /// and this status.
        case body(String, status: Int = 200)
        /// Wait this long, then serve normally (what is current after the wait).
        case delay(Duration)
        /// Never answer; the connection stays open until the client closes it or the
        /// server stops.
        case hang
        /// Send the normal headers, Content-Length claiming the full body, then only the
        /// first `afterBytes` bytes of the body, then close the connection.
        case truncate(afterBytes: Int)
        /// Close the connection after reading the request, without answering.
        case closeImmediately
        /// Send the normal headers, then the body a byte at a time, one each `every`: never
        /// silent for long, never done.
        case drip(every: Duration)
    }
}

extension XKCDTestServer.Fault {
    /// MediaWiki behind an overloaded proxy: HTTP 503 with `Retry-After: seconds` and a short
    /// text body.
    package static func unavailable(retryAfter seconds: Int) -> Self {
        .status(
            503, body: "Service Unavailable: the server is overloaded. Please try again later.\n",
            headers: ["Retry-After": String(seconds)])
    }

    /// MediaWiki refusing a request sent with `maxlag=N` while its replica database lags `lag`
    /// seconds: HTTP 200, `Retry-After: seconds`, `X-Database-Lag: lag`, and the API's JSON
    /// `maxlag` error.
    package static func maxlag(retryAfter seconds: Int, lag: Int) -> Self {
        let body =
            #"{"error":{"code":"maxlag","info":"Waiting for 10.64.0.1: \#(lag) seconds lagged","host":"10.64.0.1","#
            + #""lag":\#(lag),"type":"db","*":"See https://www.explainxkcd.com/wiki/api.php for API usage."},"#
            + #""servedby":"mw1"}"#
        return .status(
            200, body: body,
            headers: [
                "Content-Type": "application/json; charset=utf-8", "Retry-After": String(seconds),
                "X-Database-Lag": String(lag),
            ])
    }
}
