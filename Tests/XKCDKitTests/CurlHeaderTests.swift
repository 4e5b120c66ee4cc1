import CCurl
import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Request and response headers through CurlTransport against the loopback server: what is
/// sent, how answers are parsed, and header text that could inject lines is refused.
@Suite final class CurlHeaderTests {
    let server: XKCDTestServer
    let fixtures = ComicArchive.locateFixtures()

    init() throws {
        server = try XKCDTestServer(archive: try ComicArchive.fixtures(at: fixtures), servesImages: false)
    }

    deinit {
        server.stop()
    }

    var host: String { "127.0.0.1:\(server.port)" }

    @Test func headerBlockParsing() {
        let block = Data(
            "HTTP/1.1 200 OK: fine\r\nContent-Type:  text/plain \r\nSet-Cookie: a=1\r\nset-cookie: b=2\nX-Empty:\r\n: nameless\r\nno colon\r\n\r\n"
                .utf8)
        #expect(
            HTTPHeaderBlock.fields(block) == [
                "content-type": "text/plain",
                "set-cookie": "a=1, b=2",
                "x-empty": "",
            ])
        #expect(HTTPHeaderBlock.fields(Data()) == [:])
    }

    @Test func requestHeadersAreSent() async throws {
        let response = try await CurlTransport(timeout: 5).get(
            server.url(forComic: 353), headers: ["X-Trace": "abc 123", "Accept-Language": "en"])
        #expect(response.status == 200)
        let sent = server.requestHeaders(forRequest: 0)
        #expect(sent["x-trace"] == "abc 123")
        #expect(sent["accept-language"] == "en")
        #expect(sent["user-agent"]?.hasPrefix("xkcd-terminal/0.1 (") == true, "the usual headers stay")
    }

    @Test func headersGoOutOnEveryRequestOfAReusedHandle() async throws {
        let transport = CurlTransport(timeout: 5, maxConnectionsPerHost: 1)
        _ = try await transport.get(server.url(forComic: 353), headers: ["X-Trace": "first"])
        _ = try await transport.get(server.url(forComic: 353))
        _ = try await transport.get(server.url(forComic: 353), headers: ["X-Trace": "third"])
        #expect(server.requestHeaders(forRequest: 0)["x-trace"] == "first")
        #expect(
            server.requestHeaders(forRequest: 1)["x-trace"] == nil,
            "a recycled handle forgets the last request's headers")
        #expect(server.requestHeaders(forRequest: 2)["x-trace"] == "third")
    }

    @Test func notModifiedIsAnOrdinaryResponseWithAnEmptyBody() async throws {
        let transport = CurlTransport(timeout: 5)
        let started = ContinuousClock.now
        let first = try await transport.get(server.url(forComic: 353))
        let etag = try #require(first.headers["etag"], "names are lower-cased")
        let second = try await transport.get(server.url(forComic: 353), headers: ["If-None-Match": etag])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(second.headers["etag"] == etag)
        #expect(second.headers["last-modified"] == first.headers["last-modified"])
        #expect(server.requestHeaders(forRequest: 1)["if-none-match"] == etag)
        // The connection is still good after a bodiless answer.
        #expect(try await transport.get(server.url(forComic: 353)).status == 200)
        // libcurl drops a connection idle for 118 s (CURLOPT_MAXAGE_CONN), which a starved test
        // under the sanitizers can reach; otherwise the one connection serves all three.
        if ContinuousClock.now - started < .seconds(100) {
            #expect(server.connectionCount == 1)
        }
    }

    @Test func headerLinesAreSortedAndEmptyValuesKept() throws {
        #expect(try HTTPRequestHeaders.lines([:]) == [])
        #expect(
            try HTTPRequestHeaders.lines([
                "If-None-Match": "W/\"a\"", "If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT", "X-Empty": "",
            ]) == [
                "If-Modified-Since: Wed, 21 Oct 2015 07:28:00 GMT",
                "If-None-Match: W/\"a\"",
                "X-Empty;",
            ])
    }

    @Test(arguments: ["\"a\"\r\nX-Injected: 1", "\"a\"\nX-Injected: 1", "\"a\"\r", "a\u{0}X-Injected: 1"])
    func headerValuesWithLineBreaksOrNULAreRefused(value: String) async throws {
        #expect(
            throws: XKCDError.cannotDo(
                "refused to send the request header If-None-Match: its value holds a line break or NUL")
        ) {
            try HTTPRequestHeaders.lines(["Accept": "*/*", "If-None-Match": value])
        }
        await #expect(throws: XKCDError.self) {
            try await CurlTransport(timeout: 5).get(server.url(forComic: 353), headers: ["If-None-Match": value])
        }
        #expect(server.requestCount == 0, "nothing was sent")
    }

    @Test(arguments: ["", "If-None-Match:", "X Injected", "X-Bad\r\nX-Injected", "X\u{0}", "Grüße"])
    func headerNamesThatAreNotTokensAreRefused(name: String) async throws {
        #expect(throws: XKCDError.self) { try HTTPRequestHeaders.lines([name: "1"]) }
        await #expect(throws: XKCDError.self) {
            try await CurlTransport(timeout: 5).get(server.url(forComic: 353), headers: [name: "1"])
        }
        #expect(server.requestCount == 0, "nothing was sent")
    }

    /// The C layer's own guard, below the Swift checks: a line with CR or LF fails the request
    /// before it is made.
    @Test func theCLayerRefusesHeaderLinesWithLineBreaks() async throws {
        var message = [CChar](repeating: 0, count: 512)
        let http = try #require(xkcd_http_create(1, 1, &message, message.count))
        defer { xkcd_http_destroy(http) }
        let outcome = Outcome()
        let lines = ["Accept: */*", "If-None-Match: \"a\"\r\nX-Injected: 1"]
        var storage = lines.map { strdup($0) }
        defer { for pointer in storage { free(pointer) } }
        let id = server.url(forComic: nil).absoluteString.withCString { url in
            storage.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { pointers in
                    xkcd_http_get(
                        http, url, pointers.baseAddress, pointers.count, 5000, 0, 0, nil,
                        { context, result in
                            Unmanaged<Outcome>.fromOpaque(context!).takeRetainedValue().set(result!.pointee.outcome)
                        }, Unmanaged.passRetained(outcome).toOpaque())
                }
            }
        }
        #expect(id != 0)
        #expect(outcome.wait() == XKCD_HTTP_BAD_HEADER)
        #expect(server.requestCount == 0, "nothing was sent")
    }
}

/// The outcome a C callback reports (on the client's thread), waited for: the semaphore
/// orders the write before the read.
private final class Outcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: xkcd_http_outcome?

    func set(_ outcome: xkcd_http_outcome) {
        value = outcome
        done.signal()
    }

    func wait() -> xkcd_http_outcome? {
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        return value
    }
}
