import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `latest(ifChangedSince:)` against the real loopback server: validators taken, sent back,
/// 304 as "nothing changed", a new comic seen, and hostile or damaged validators never sent.
@Suite final class ConditionalLatestTests {
    let server: XKCDTestServer
    let client: XKCDClient

    init() throws {
        server = try XKCDTestServer(archive: try ComicArchive.fixtures(), servesImages: false)
        client = XKCDClient(baseURL: server.baseURL, transport: CurlTransport(timeout: 5), retryDelays: [])
    }

    deinit {
        server.stop()
    }

    var newest: Int { server.archive.newest ?? 0 }

    /// The comic and validators of a `.found`, recording an issue for anything else.
    func found(_ lookup: NewestLookup, sourceLocation: SourceLocation = #_sourceLocation) -> (Comic, HTTPValidators)? {
        guard case let .found(comic, validators) = lookup else {
            Issue.record("expected .found, got \(lookup)", sourceLocation: sourceLocation)
            return nil
        }
        return (comic, validators)
    }

    @Test func firstCallFindsTheNewestWithBothValidators() async throws {
        let (comic, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        #expect(comic.num == newest)
        #expect(comic == (try await client.latest()))
        #expect(validators.etag?.hasPrefix("\"") == true, "the ETag as sent, quotes kept")
        #expect(validators.lastModified?.hasSuffix(" GMT") == true)
        let sent = server.requestHeaders(forRequest: 0)
        #expect(sent["if-none-match"] == nil && sent["if-modified-since"] == nil, "nothing to be conditional on yet")
    }

    @Test func secondCallWithTheValidatorsIsNotModified() async throws {
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        #expect(try await client.latest(ifChangedSince: validators) == .notModified)
        let sent = server.requestHeaders(forRequest: 1)
        #expect(sent["if-none-match"] == validators.etag)
        #expect(sent["if-modified-since"] == validators.lastModified, "both, and the server goes by If-None-Match")
        #expect(server.requestLog == ["/info.0.json", "/info.0.json"])
    }

    @Test func aNewerComicIsFoundWithNewValidators() async throws {
        let (_, old) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        let num = newest + 1
        server.publish(num: num, body: ComicArchive.body(num: num, title: "Brand New", year: 2022, month: 9, day: 2))
        let (comic, validators) = try #require(found(try await client.latest(ifChangedSince: old)))
        #expect(comic.num == num)
        #expect(comic.title == "Brand New")
        #expect(validators.etag != nil && validators.etag != old.etag)
        #expect(validators.lastModified != nil && validators.lastModified != old.lastModified)
        #expect(server.requestHeaders(forRequest: 1)["if-none-match"] == old.etag, "the old validators were sent")
        #expect(try await client.latest(ifChangedSince: validators) == .notModified, "and the new ones work in turn")
    }

    @Test func onlyLastModifiedKnownSendsIfModifiedSince() async throws {
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        let dateOnly = HTTPValidators(lastModified: validators.lastModified)
        #expect(try await client.latest(ifChangedSince: dateOnly) == .notModified)
        let sent = server.requestHeaders(forRequest: 1)
        #expect(sent["if-modified-since"] == validators.lastModified)
        #expect(sent["if-none-match"] == nil)
    }

    @Test func onlyETagKnownSendsIfNoneMatch() async throws {
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        #expect(try await client.latest(ifChangedSince: HTTPValidators(etag: validators.etag)) == .notModified)
        let sent = server.requestHeaders(forRequest: 1)
        #expect(sent["if-none-match"] == validators.etag)
        #expect(sent["if-modified-since"] == nil)
    }

    @Test func aStaleETagWinsOverAFreshDate() async throws {
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        let stale = HTTPValidators(etag: "\"stale\"", lastModified: validators.lastModified)
        let (comic, fresh) = try #require(found(try await client.latest(ifChangedSince: stale)))
        #expect(comic.num == newest)
        #expect(fresh == validators)
    }

    @Test(arguments: ["\"a\"\r\nX-Injected: 1", "\"a\"\nX-Injected: 1", "\"a\"\u{0}X-Injected: 1", "\"a\"\r"])
    func aValidatorWithALineBreakIsNeverSent(value: String) async throws {
        let damaged = HTTPValidators(etag: value, lastModified: value)
        #expect(damaged.conditionalHeaders.isEmpty)
        let (comic, validators) = try #require(found(try await client.latest(ifChangedSince: damaged)))
        #expect(comic.num == newest, "an unconditional request instead")
        #expect(!validators.isEmpty, "whose validators replace the damaged ones")
        let sent = server.requestHeaders(forRequest: 0)
        #expect(sent["if-none-match"] == nil && sent["if-modified-since"] == nil)
        #expect(sent["x-injected"] == nil)
        #expect(server.requestCount == 1)
    }

    @Test func aDamagedETagLeavesTheDateToBeSent() async throws {
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        let halfDamaged = HTTPValidators(etag: "\"a\"\r\nX-Injected: 1", lastModified: validators.lastModified)
        #expect(try await client.latest(ifChangedSince: halfDamaged) == .notModified)
        let sent = server.requestHeaders(forRequest: 1)
        #expect(sent["if-modified-since"] == validators.lastModified)
        #expect(sent["if-none-match"] == nil && sent["x-injected"] == nil)
    }

    @Test func hostileValidatorsFromTheServerAreDropped() async throws {
        let body = String(
            decoding: ComicArchive.body(num: 3000, title: "Hostile", year: 2024, month: 1, day: 1), as: UTF8.self)
        server.setFault(
            .status(
                200, body: body,
                headers: [
                    "ETag": "\"caf\u{E9}\"",
                    "Last-Modified": String(repeating: "x", count: 1024),
                ]), for: "/info.0.json")
        let (comic, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        #expect(comic.num == 3000)
        #expect(validators == HTTPValidators())
        #expect(validators.isEmpty)
    }

    @Test func validatorsUpToTheLimitAreKept() async throws {
        let body = String(
            decoding: ComicArchive.body(num: 3000, title: "Long", year: 2024, month: 1, day: 1), as: UTF8.self)
        let longest = "\"" + String(repeating: "e", count: HTTPValidators.maxLength - 2) + "\""
        server.setFault(
            .status(
                200, body: body,
                headers: [
                    "ETag": longest,
                    "Last-Modified": String(repeating: "m", count: HTTPValidators.maxLength + 1),
                ]), for: "/info.0.json")
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        #expect(validators == HTTPValidators(etag: longest))
        server.clearFaults()
        _ = try await client.latest(ifChangedSince: validators)
        #expect(server.requestHeaders(forRequest: 1)["if-none-match"] == longest)
    }

    @Test func weakETagIsKeptAndSentAsIs() async throws {
        let (_, validators) = try #require(found(try await client.latest(ifChangedSince: HTTPValidators())))
        let weak = HTTPValidators(etag: "W/" + (validators.etag ?? ""))
        #expect(try await client.latest(ifChangedSince: weak) == .notModified)
        #expect(server.requestHeaders(forRequest: 1)["if-none-match"] == weak.etag)
    }

    @Test func notFoundThrowsWhatLatestThrows() async throws {
        server.setFault(.status(404), for: "/info.0.json")
        let plain = await #expect(throws: XKCDError.self) { try await client.latest() }
        await #expect(throws: try #require(plain)) {
            try await client.latest(ifChangedSince: HTTPValidators(etag: "\"a\""))
        }
    }

    @Test func serverErrorsThrowTheStatusAfterRetryingWithTheSameHeaders() async throws {
        server.setFault(.status(503), for: "/info.0.json")
        let retrying = client.withRetryDelays([.milliseconds(1), .milliseconds(1)])
        let validators = HTTPValidators(etag: "\"a\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT")
        await #expect(throws: XKCDError.httpStatus(503, url: server.url(forComic: nil).absoluteString)) {
            try await retrying.latest(ifChangedSince: validators)
        }
        #expect(server.requestCount == 3)
        for index in 0..<3 {
            #expect(server.requestHeaders(forRequest: index)["if-none-match"] == "\"a\"", "attempt \(index + 1)")
            #expect(server.requestHeaders(forRequest: index)["if-modified-since"] == validators.lastModified)
        }
    }

    @Test func aNotModifiedNobodyAskedForIsAnError() async throws {
        server.setFault(.status(304), for: "/info.0.json")
        await #expect(throws: XKCDError.httpStatus(304, url: server.url(forComic: nil).absoluteString)) {
            try await client.latest(ifChangedSince: HTTPValidators())
        }
    }

    @Test func notJSONIsBadData() async throws {
        server.setFault(.body("<html>"), for: "/info.0.json")
        await #expect(throws: XKCDError.badData("the server sent something that is not JSON")) {
            try await client.latest(ifChangedSince: HTTPValidators())
        }
    }
}

/// HTTPValidators on their own: what is kept, what is sent, and the stored form.
@Suite struct HTTPValidatorsTests {
    let date = "Wed, 21 Oct 2015 07:28:00 GMT"

    @Test func emptiness() {
        #expect(HTTPValidators().isEmpty)
        #expect(!HTTPValidators(etag: "\"a\"").isEmpty)
        #expect(!HTTPValidators(lastModified: date).isEmpty)
    }

    @Test func conditionalHeaders() {
        #expect(HTTPValidators().conditionalHeaders == [:])
        #expect(
            HTTPValidators(etag: "W/\"a\"", lastModified: date).conditionalHeaders
                == ["If-None-Match": "W/\"a\"", "If-Modified-Since": date])
        #expect(HTTPValidators(lastModified: date).conditionalHeaders == ["If-Modified-Since": date])
        #expect(HTTPValidators(etag: "", lastModified: "bad\tdate").conditionalHeaders == [:])
    }

    @Test func takenFromResponseHeaders() {
        #expect(
            HTTPValidators(responseHeaders: ["etag": "\"a\"", "last-modified": date, "content-type": "x"])
                == HTTPValidators(etag: "\"a\"", lastModified: date))
        #expect(HTTPValidators(responseHeaders: [:]).isEmpty)
        #expect(HTTPValidators(responseHeaders: ["ETag": "\"a\""]).isEmpty, "names arrive lower-cased")
    }

    @Test(arguments: [
        "", "\"caf\u{E9}\"", "\"a\u{7F}\"", "\"a\tb\"", "\"a\"\r\nX: 1", "\u{0}", "\u{202E}\"a\"",
        String(repeating: "a", count: 257), String(repeating: "a", count: 1024),
    ])
    func unusableValuesFromAResponseAreDropped(value: String) {
        #expect(!HTTPValidators.isUsable(value))
        #expect(HTTPValidators(responseHeaders: ["etag": value, "last-modified": value]).isEmpty)
    }

    @Test(arguments: [" ", "~", "W/\"\"", "\"" + String(repeating: "a", count: 254) + "\""])
    func printableASCIIUpTo256BytesIsKept(value: String) {
        #expect(HTTPValidators.isUsable(value))
        #expect(HTTPValidators(responseHeaders: ["etag": value]).etag == value)
    }

    @Test(arguments: [
        HTTPValidators(),
        HTTPValidators(etag: "\"5f-abc\""),
        HTTPValidators(lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"),
        HTTPValidators(etag: "W/\"5f-abc\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"),
        HTTPValidators(etag: "", lastModified: ""),
        HTTPValidators(etag: "-", lastModified: "12:ab"),
        HTTPValidators(etag: "caf\u{E9} \u{1F600}", lastModified: "a\r\nb\u{0}c"),
        HTTPValidators(etag: String(repeating: "x", count: 300)),
    ])
    func encodedRoundTrip(validators: HTTPValidators) {
        #expect(HTTPValidators(encoded: validators.encoded) == validators)
    }

    @Test func encodedForm() {
        #expect(HTTPValidators().encoded == "--")
        #expect(HTTPValidators(etag: "\"5f-abc\"", lastModified: date).encoded == "8:\"5f-abc\"29:\(date)")
        #expect(HTTPValidators(lastModified: date).encoded == "-29:\(date)")
        #expect(HTTPValidators(etag: "caf\u{E9}").encoded == "5:caf\u{E9}-", "lengths count UTF-8 bytes")
    }

    @Test(arguments: [
        "", "-", "---", "x", "--x", "3:ab-", "3:abcd-", "2:ab", "2:ab-x", "02:ab-",
        ":-", "1-", "2:a", "99999999:a-", "12345678901234567890:a-", "1:\u{E9}-", " --", "-- ",
    ])
    func malformedTextIsNil(text: String) {
        #expect(HTTPValidators(encoded: text) == nil)
    }
}
