import CCurl
import Foundation
import Testing
import TestSupport
@testable import XKCDKit

/// CurlTransport against the real loopback server: bodies, statuses, faults, cancellation,
/// connection reuse and concurrency.
@Suite final class CurlTransportTests {
    let server: XKCDTestServer
    let fixtures = ComicArchive.locateFixtures()

    init() throws {
        server = try XKCDTestServer(archive: try ComicArchive.fixtures(at: fixtures), servesImages: false)
    }

    deinit {
        server.stop()
    }

    var host: String { "127.0.0.1:\(server.port)" }

    func networkError(_ body: () async throws -> HTTPResponse) async -> (message: String, retryable: Bool)? {
        do {
            let response = try await body()
            Issue.record("expected a network error, got status \(response.status)")
        } catch let XKCDError.network(message, retryable) {
            return (message, retryable)
        } catch {
            Issue.record("expected a network error, got \(error)")
        }
        return nil
    }

    @Test func comicBodyArrivesByteIdentical() async throws {
        let transport = CurlTransport(timeout: 5)
        let response = try await transport.get(server.url(forComic: 353))
        #expect(response.status == 200)
        let file = try Data(contentsOf: fixtures.appendingPathComponent("comics/353.json"))
        #expect(response.body == file)
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true, "names are lower-cased")
        #expect(response.headers["content-length"] == "\(file.count)")
        #expect(server.requestHeaders(forRequest: 0)["user-agent"] == "xkcd-terminal/0.1")
    }

    @Test func headerBlockParsing() {
        let block = Data("HTTP/1.1 200 OK: fine\r\nContent-Type:  text/plain \r\nSet-Cookie: a=1\r\nset-cookie: b=2\nX-Empty:\r\n: nameless\r\nno colon\r\n\r\n".utf8)
        #expect(HTTPHeaderBlock.fields(block) == [
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
        #expect(sent["user-agent"] == "xkcd-terminal/0.1", "the usual headers stay")
    }

    @Test func headersGoOutOnEveryRequestOfAReusedHandle() async throws {
        let transport = CurlTransport(timeout: 5, maxConnectionsPerHost: 1)
        _ = try await transport.get(server.url(forComic: 353), headers: ["X-Trace": "first"])
        _ = try await transport.get(server.url(forComic: 353))
        _ = try await transport.get(server.url(forComic: 353), headers: ["X-Trace": "third"])
        #expect(server.requestHeaders(forRequest: 0)["x-trace"] == "first")
        #expect(server.requestHeaders(forRequest: 1)["x-trace"] == nil, "a recycled handle forgets the last request's headers")
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
        #expect(try HTTPRequestHeaders.lines(["If-None-Match": "W/\"a\"", "If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT", "X-Empty": ""]) == [
            "If-Modified-Since: Wed, 21 Oct 2015 07:28:00 GMT",
            "If-None-Match: W/\"a\"",
            "X-Empty;",
        ])
    }

    @Test(arguments: ["\"a\"\r\nX-Injected: 1", "\"a\"\nX-Injected: 1", "\"a\"\r", "a\u{0}X-Injected: 1"])
    func headerValuesWithLineBreaksOrNULAreRefused(value: String) async throws {
        #expect(throws: XKCDError.cannotDo("refused to send the request header If-None-Match: its value holds a line break or NUL")) {
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
        let http = try #require(xkcd_http_create(1, &message, message.count))
        defer { xkcd_http_destroy(http) }
        let outcome = Outcome()
        let lines = ["Accept: */*", "If-None-Match: \"a\"\r\nX-Injected: 1"]
        var storage = lines.map { strdup($0) }
        defer { storage.forEach { free($0) } }
        let id = server.url(forComic: nil).absoluteString.withCString { url in
            storage.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { pointers in
                    xkcd_http_get(http, url, pointers.baseAddress, pointers.count, 5000, 0, 0, nil,
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

    @Test func notFoundStatusPassesThrough() async throws {
        let response = try await CurlTransport(timeout: 5).get(server.url(forComic: 99_999))
        #expect(response.status == 404)
    }

    @Test func serverErrorStatusPassesThroughWithItsBody() async throws {
        server.setFault(.status(500, body: "boom"), for: "/353/info.0.json")
        let response = try await CurlTransport(timeout: 5).get(server.url(forComic: 353))
        #expect(response.status == 500)
        #expect(response.body == Data("boom".utf8))
    }

    @Test func followsRedirectsAndReportsTheFinalResponse() async throws {
        server.setFault(.status(302, headers: ["Location": "/353/info.0.json"]), for: "/1/info.0.json")
        let response = try await CurlTransport(timeout: 5).get(server.url(forComic: 1))
        #expect(response.status == 200)
        #expect(response.body == (try Data(contentsOf: fixtures.appendingPathComponent("comics/353.json"))))
        #expect(response.headers["location"] == nil, "only the last response's headers")
    }

    @Test func redirectLoopIsTooManyRedirects() async throws {
        server.setFault(.status(302, headers: ["Location": "/1/info.0.json"]), for: "/1/info.0.json")
        let error = await networkError { try await CurlTransport(timeout: 5).get(server.url(forComic: 1)) }
        #expect(error?.message == "too many redirects from \(host)")
    }

    @Test func refusedConnection() async throws {
        let url = server.url(forComic: 353)
        server.stop()
        let error = await networkError { try await CurlTransport(timeout: 5).get(url) }
        #expect(error?.message == "cannot connect to \(host) (connection refused)")
        #expect(error?.retryable == false)
    }

    @Test func silentServerTimesOut() async throws {
        server.setFault(.hang, for: "/353/info.0.json")
        let (error, elapsed) = await onOwnThread {
            let clock = ContinuousClock()
            let start = clock.now
            let error = await networkError { try await CurlTransport(timeout: 1).get(server.url(forComic: 353)) }
            return (error, clock.now - start)
        }
        #expect(error?.message == "\(host) did not answer within 1s — check your connection")
        // Under 3 s: the whole transfer's limit, three timeouts, must not be what ended it.
        #expect(elapsed >= .milliseconds(900) && elapsed < .milliseconds(2500), "took \(elapsed)")
    }

    @Test func fractionalTimeoutIsFormattedAndHonoured() async throws {
        server.setFault(.hang, for: "/353/info.0.json")
        let (error, elapsed) = await onOwnThread {
            let clock = ContinuousClock()
            let start = clock.now
            let error = await networkError { try await CurlTransport(timeout: 0.3).get(server.url(forComic: 353)) }
            return (error, clock.now - start)
        }
        #expect(error?.message == "\(host) did not answer within 0.3s — check your connection")
        #expect(elapsed < .milliseconds(800), "took \(elapsed)")
    }

    @Test func waitingForAFreeConnectionDoesNotCountTowardsTheTimeout() async throws {
        server.setFault(.delay(.milliseconds(300)), for: "/353/info.0.json")
        let transport = CurlTransport(timeout: 0.5, maxConnectionsPerHost: 1)
        let url = server.url(forComic: 353)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 { group.addTask { try await transport.get(url).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [200, 200, 200])
        #expect(server.connectionCount == 1)
    }

    @Test func truncatedBodyIsARetryableLostConnection() async throws {
        server.setFault(.truncate(afterBytes: 10), for: "/353/info.0.json")
        let error = await networkError { try await CurlTransport(timeout: 5).get(server.url(forComic: 353)) }
        #expect(error?.message == "the connection to \(host) was lost")
        #expect(error?.retryable == true)
    }

    @Test func closeWithoutAnswerIsRetryable() async throws {
        server.setFault(.closeImmediately, for: "/353/info.0.json")
        let error = await networkError { try await CurlTransport(timeout: 5).get(server.url(forComic: 353)) }
        #expect(error?.message == "\(host) closed the connection without a proper answer")
        #expect(error?.retryable == true)
    }

    @Test func bodyLargerThanTheLimitIsBadData() async throws {
        let transport = CurlTransport(timeout: 5, maxBodyBytes: 100)
        await #expect(throws: XKCDError.badData("the answer from \(host) is larger than 100 bytes")) {
            try await transport.get(self.server.url(forComic: 353))
        }
        let roomy = CurlTransport(timeout: 5, maxBodyBytes: 20 << 20)
        #expect(try await roomy.get(server.url(forComic: 353)).status == 200)
    }

    @Test func cancellingAHangingRequestThrowsCancelledPromptly() async throws {
        server.setFault(.hang, for: "/353/info.0.json")
        let transport = CurlTransport(timeout: 30)
        let url = server.url(forComic: 353)
        let (result, elapsed) = await onOwnThread {
            let task = ownThreadTask { try await transport.get(url) }
            try? await Task.sleep(for: .milliseconds(200))
            let clock = ContinuousClock()
            let start = clock.now
            task.cancel()
            let result = await task.result
            return (result, clock.now - start)
        }
        #expect(throws: XKCDError.cancelled) { try result.get() }
        // Without the cancel, the request would wait for its 30 s timeout.
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test func cancelledTaskSendsNothing() async throws {
        let transport = CurlTransport(timeout: 5)
        let url = server.url(forComic: 353)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.get(url)
        }
        await #expect(throws: XKCDError.cancelled) { try await task.value }
        #expect(server.requestCount == 0)
    }

    @Test func cancellationsAtEveryMomentResumeEachRequestOnce() async throws {
        let nums = server.archive.bodies.keys.sorted()
        let (fast, slow, hanging) = (nums[0], nums[1], nums[2])
        server.setFault(.delay(.milliseconds(5)), for: "/\(slow)/info.0.json")
        server.setFault(.hang, for: "/\(hanging)/info.0.json")
        let transport = CurlTransport(timeout: 5)
        let urls = [fast, slow, hanging].map { server.url(forComic: $0) }
        let outcomes = await withTaskGroup(of: (index: Int, succeeded: Bool?).self) { group in
            for index in 0..<600 {
                let url = urls[index % 3]
                let task = Task { try await transport.get(url) }
                group.addTask {
                    if index % 4 != 0 { try? await Task.sleep(for: .microseconds(index * 37 % 20_000)) }
                    task.cancel()
                    do {
                        return (index, try await task.value.status == 200)
                    } catch XKCDError.cancelled {
                        return (index, nil)
                    } catch {
                        return (index, false)
                    }
                }
            }
            var results: [(index: Int, succeeded: Bool?)] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(outcomes.count == 600)
        #expect(!outcomes.contains { $0.succeeded == false }, "each request either succeeds or is cancelled")
        #expect(!outcomes.contains { $0.index % 3 == 2 && $0.succeeded != nil }, "hanging requests are all cancelled")
        server.clearFaults()
        #expect(try await transport.get(urls[0]).status == 200, "the transport still works")
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        let transport = CurlTransport(timeout: 5)
        for index in 0..<200 {
            let response = try await transport.get(server.url(forComic: index.isMultiple(of: 2) ? 353 : 1))
            #expect(response.status == 200)
        }
        #expect(server.requestCount == 200)
        #expect(server.connectionCount <= 2)
    }

    @Test func manyConcurrentRequestsAllSucceed() async throws {
        let transport = CurlTransport(timeout: 10, maxConnectionsPerHost: 8)
        let numbers = server.archive.bodies.keys.sorted()
        let expected = server.archive.bodies
        let server = self.server
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var failures = 0
                    for index in stride(from: worker, to: 2000, by: 8) {
                        let num = numbers[index % numbers.count]
                        let response = try await transport.get(server.url(forComic: num))
                        if response.status != 200 || response.body != expected[num] { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(server.requestCount == 2000)
        #expect(server.connectionCount <= 8)
    }

    @Test(arguments: ["http://127.0.0.1:8790", "https://xkcd.com/", "http://host/prefix", "http://host/prefix/",
                      "http://host/p?x=1", "http://host/p#f", "http://host/a%20b"])
    func comicAddressesJoinTheBaseAsAPathComponentWould(base: String) throws {
        let url = try #require(URL(string: base))
        let client = XKCDClient(baseURL: url, transport: CurlTransport(timeout: 5))
        #expect(client.comicURL(353).absoluteString == url.appendingPathComponent("353/info.0.json").absoluteString)
    }

    @Test func clientWorksOnTop() async throws {
        let client = XKCDClient(baseURL: server.baseURL, transport: CurlTransport(timeout: 5))
        guard case let .found(comic) = try await client.comic(353) else {
            Issue.record("expected comic 353")
            return
        }
        #expect(comic.num == 353)
        #expect(comic.safeTitle == "Python")
        #expect(try await client.comic(99_999) == .notFound)
        #expect(try await client.latest().num == server.archive.newest)
    }

    @Test func clientRetriesALostConnection() async throws {
        server.setFault(.truncate(afterBytes: 5), for: "/353/info.0.json")
        let client = XKCDClient(baseURL: server.baseURL, transport: CurlTransport(timeout: 5),
                                retryDelays: [.milliseconds(10), .milliseconds(10)])
        await #expect(throws: XKCDError.network("the connection to \(host) was lost", retryable: true)) {
            try await client.comic(353)
        }
        #expect(server.requestCount == 3, "the first attempt and two retries")
    }
}

/// Runs `body` with a thread of its own as the preferred executor: timing expectations then
/// hold even while other suites block the few threads of the shared pool (sleeps, waiting
/// for processes). Measure inside `body`: leaving it may wait for the shared pool.
func onOwnThread<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
    if #available(macOS 15, *) {
        return try await withTaskExecutorPreference(OwnThreadExecutor()) { try await body() }
    }
    return try await body()
}

/// An unstructured task that prefers a thread of its own (see ``onOwnThread(_:)``).
func ownThreadTask<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
    if #available(macOS 15, *) {
        return Task(executorPreference: OwnThreadExecutor()) { try await body() }
    }
    return Task { try await body() }
}

/// A task executor running jobs on a serial dispatch queue, outside the cooperative pool.
@available(macOS 15, *)
final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "CurlTransportTests.OwnThreadExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
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
