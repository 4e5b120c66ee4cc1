import Foundation

extension XKCDTestServer {
    /// A misbehaviour the server shows for a path until it is cleared with `nil`.
    /// Requests that meet a fault still count in `requestCount` and `requestLog`.
    public enum Fault: Sendable, Equatable {
        /// Answer with this status, body (text/plain) and extra or replacing headers;
        /// `["Connection": "close"]` also closes the connection after the answer.
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
    }
}
