import Foundation
import Testing

@testable import TestSupport

/// The loopback server's HTTP parsing and serializing, and the bodies it serves, without sockets.
@Suite struct TestServerHTTPTests {
    private func parse(_ text: String) -> HTTPRequest.ParseResult {
        HTTPRequest.parse(Array(text.utf8))
    }

    private func complete(_ text: String) -> (HTTPRequest, Int)? {
        if case let .complete(request, consumed) = parse(text) { return (request, consumed) }
        return nil
    }

    private func status(_ text: String) -> Int? {
        if case let .invalid(status) = parse(text) { return status }
        return nil
    }

    @Test func readsTheRequestLineAndHeaders() throws {
        let text =
            "\r\n\nGET /353/info.0.json?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nIF-None-Match: \t\"a\" \r\n"
            + "Accept: text/html\r\naccept: */*\r\nX-Empty:\r\n\r\nGET /1/info.0.json HTTP/1.1\r\n\r\n"
        let (request, consumed) = try #require(complete(text))
        #expect(request.method == "GET")
        #expect(request.target == "/353/info.0.json?x=1")
        #expect(request.path == "/353/info.0.json")
        #expect(request.version == "HTTP/1.1")
        #expect(
            request.headers == [
                "host": "127.0.0.1", "if-none-match": "\"a\"", "accept": "text/html, */*", "x-empty": "",
            ])
        #expect(
            consumed == text.utf8.count - "GET /1/info.0.json HTTP/1.1\r\n\r\n".utf8.count,
            "a pipelined request is left")
    }

    @Test func acceptsBareLineFeedsAndKeepsAFragmentOutOfThePath() throws {
        let (request, _) = try #require(complete("HEAD /info.0.json#top HTTP/1.0\nConnection: Keep-Alive\n\n"))
        #expect(request.method == "HEAD")
        #expect(request.path == "/info.0.json")
        #expect(request.keepAlive)
    }

    @Test func keepsConnectionsAliveByVersionAndConnectionHeader() throws {
        let cases: [(String, Bool)] = [
            ("HTTP/1.1", true), ("HTTP/1.0", false),
        ]
        for (version, alive) in cases {
            #expect(try #require(complete("GET / \(version)\r\n\r\n")).0.keepAlive == alive)
        }
        #expect(try #require(complete("GET / HTTP/1.1\r\nConnection: Upgrade, CLOSE \r\n\r\n")).0.keepAlive == false)
        #expect(try #require(complete("GET / HTTP/1.0\r\nConnection: te,\tkeep-alive\r\n\r\n")).0.keepAlive == true)
    }

    @Test func waitsForTheRestOfAHeadOrBody() {
        for text in ["GET / HTTP/1.1\r\nHost: x\r\n", "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nabc"] {
            guard case .incomplete = parse(text) else {
                Issue.record("\(text.debugDescription) is not complete yet")
                continue
            }
        }
    }

    @Test func refusesMalformedRequests() {
        #expect(status("GET /\r\n\r\n") == 400)
        #expect(status("GET / FTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nNo colon here\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nName\t: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\n: nameless\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        #expect(status("GET / HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n") == 413)
        #expect(status("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 70_000)) == 431)
    }

    @Test func routesComicNumbersWrittenInPlainDigitsOnly() {
        let router = TestServerRouter()
        #expect(router.route("/info.0.json") == .newestComic)
        #expect(router.route("/353/info.0.json") == .comic(353))
        for path in [
            "/0353/info.0.json", "/+5/info.0.json", "/-5/info.0.json", "/\u{FF13}/info.0.json",
            "/353/info.0.json/", "//353/info.0.json", "/imgs/../secret", "/353",
        ] {
            #expect(router.route(path) == .notFound, "\(path)")
        }
        #expect(router.route("/imgs/comics/python.png") == .image("/imgs/comics/python.png"))
        #expect(router.route("/wiki/api.php") == .wikiAPI)
    }

    @Test func serializesAHeadWithItsDefaults() {
        var response = HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json"), ("connection", "close")],
            body: Data("{}".utf8))
        #expect(response.header("CONTENT-TYPE") == "application/json")
        response.setHeader("content-type", "text/plain")
        #expect(response.headers.map(\.name) == ["connection", "content-type"])
        let head = String(decoding: response.head(keepAlive: true, date: 784_111_777), as: UTF8.self)
        #expect(
            head == "HTTP/1.1 200 OK\r\nServer: xkcd-test-server\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                + "content-type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n")
        let notModified = String(
            decoding: HTTPResponse(status: 304, headers: [("Date", "x")]).head(keepAlive: false, date: 0),
            as: UTF8.self)
        #expect(
            notModified
                == "HTTP/1.1 304 Not Modified\r\nServer: xkcd-test-server\r\nDate: x\r\nConnection: close\r\n\r\n")
    }

    @Test func formatsAndParsesHTTPDates() {
        let samples: [(Int, String)] = [
            (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
            (951_825_600, "Tue, 29 Feb 2000 12:00:00 GMT"),
            (1_798_761_599, "Thu, 31 Dec 2026 23:59:59 GMT"),
        ]
        for (seconds, text) in samples {
            #expect(HTTPDate.format(seconds) == text)
            #expect(HTTPDate.parse(text) == seconds)
        }
    }

    @Test func pointsImageAddressesAtTheServerByteForByte() throws {
        let original =
            Data(#"{"img": "https://imgs.xkcd.com/comics/a.png", "alt": "https://imgs.xkcd.com/"#.utf8)
            + Data([0xFF, 0x22, 0x7D])
        var content = ServedContent(archive: ComicArchive(bodies: [1: original]), now: 100)
        #expect(content.entries[1]?.served == original)
        content.imagePrefix = "http://127.0.0.1:9/imgs/"
        let expected =
            Data(#"{"img": "http://127.0.0.1:9/imgs/comics/a.png", "alt": "http://127.0.0.1:9/imgs/"#.utf8)
            + Data([0xFF, 0x22, 0x7D])
        let entry = try #require(content.entries[1])
        #expect(entry.served == expected, "invalid UTF-8 passes through untouched")
        #expect(entry.body == original)
        #expect(entry.etag == ServedContent.entityTag(original))
        content.publish(num: 2, body: Data(#"{"img": "https://imgs.xkcd.com/b.png"}"#.utf8), now: 200)
        #expect(content.entries[2]?.served == Data(#"{"img": "http://127.0.0.1:9/imgs/b.png"}"#.utf8))
        content.imagePrefix = nil
        #expect(content.entries[1]?.served == original)
    }
}
