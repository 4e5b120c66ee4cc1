import Foundation

/// One HTTP/1.1 response, serialized with Content-Length.
struct HTTPResponse: Sendable {
    /// The status code.
    var status: Int
    /// Header fields in the order they are sent (Content-Length, Date, Server and
    /// Connection are added when serializing unless present).
    var headers: [(name: String, value: String)]
    /// The body; not sent for HEAD, 1xx, 204 and 304.
    var body: Data

    init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A text or HTML error page like nginx's, e.g. `404 Not Found`.
    static func errorPage(_ status: Int, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        let title = "\(status) \(reasonPhrase(status))"
        let html =
            "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n"
            + "<center><h1>\(title)</h1></center>\r\n<hr><center>xkcd-test-server</center>\r\n</body>\r\n</html>\r\n"
        return HTTPResponse(
            status: status, headers: [("Content-Type", "text/html")] + extraHeaders, body: Data(html.utf8))
    }

    /// The value of a header, matched case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { ASCIIBytes.equalIgnoringCase($0.name, name) }?.value
    }

    /// Sets (replacing any) a header, matched case-insensitively.
    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { ASCIIBytes.equalIgnoringCase($0.name, name) }
        headers.append((name, value))
    }

    /// Whether this status may carry a body at all.
    var allowsBody: Bool {
        !(100..<200).contains(status) && status != 204 && status != 304
    }

    /// The status line and header fields, ending with the blank line. Content-Length
    /// always claims the full body, also when a fault sends less of it.
    func head(keepAlive: Bool, date: Int) -> Data {
        var head: [UInt8] = []
        head.reserveCapacity(256)
        func line(_ parts: String...) {
            for part in parts { head.append(contentsOf: part.utf8) }
            head.append(contentsOf: "\r\n".utf8)
        }
        line("HTTP/1.1 ", String(status), " ", Self.reasonPhrase(status))
        if header("Server") == nil { line("Server: xkcd-test-server") }
        if header("Date") == nil { line("Date: ", HTTPDate.format(date)) }
        for (name, value) in headers where !ASCIIBytes.equalIgnoringCase(name, "Connection") {
            line(name, ": ", value)
        }
        if allowsBody && header("Content-Length") == nil {
            line("Content-Length: ", String(body.count))
        }
        line(keepAlive ? "Connection: keep-alive" : "Connection: close")
        line()
        return Data(head)
    }

    /// The standard reason phrase for a status code.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
