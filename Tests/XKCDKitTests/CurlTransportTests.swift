import CCurl
import Foundation
import TestSupport
import Testing

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
        #expect(server.requestHeaders(forRequest: 0)["user-agent"]?.hasPrefix("xkcd-terminal/0.1 (") == true)
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

    @Test func aRedirectToAClosedPortNamesWhereItLed() async throws {
        let closed = try XKCDTestServer(archive: try ComicArchive.fixtures(at: fixtures), servesImages: false)
        let gone = "127.0.0.1:\(closed.port)"
        closed.stop()
        server.setFault(
            .status(302, headers: ["Location": "http://\(gone)/353/info.0.json"]), for: "/1/info.0.json")
        let error = await networkError { try await CurlTransport(timeout: 5).get(server.url(forComic: 1)) }
        #expect(error?.message == "cannot connect to \(gone) (connection refused), where \(host) redirected")
    }

    @Test func aHeaderLargerThanAnyAnswerNeedsIsRefusedAsSuch() async throws {
        server.setFault(
            .status(200, headers: ["X-Padding": String(repeating: "p", count: 200_000)]), for: "/1/info.0.json")
        await #expect(throws: XKCDError.badData("\(host) sent headers too large to read")) {
            try await CurlTransport(timeout: 5).get(self.server.url(forComic: 1))
        }
    }

    @Test func aDripThatNeverEndsIsCutAtTheWholeTransfersLimitAndSaysSo() async throws {
        // A byte every 20 ms: never silent for as long as the timeout allows, however busy.
        server.setFault(.drip(every: .milliseconds(20)), for: "/353/info.0.json")
        let error = await onOwnThread {
            await networkError { try await CurlTransport(timeout: 2).get(server.url(forComic: 353)) }
        }
        #expect(error?.message == "\(host) sent its answer too slowly: not all of it within 6s — check your connection")
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
        let error = await onOwnThread {
            await networkError { try await CurlTransport(timeout: 1).get(server.url(forComic: 353)) }
        }
        // The message names the answer's limit, not the whole transfer's.
        #expect(error?.message == "\(host) did not answer within 1s — check your connection")
    }

    @Test func fractionalTimeoutIsFormattedAndHonoured() async throws {
        server.setFault(.hang, for: "/353/info.0.json")
        let error = await onOwnThread {
            await networkError { try await CurlTransport(timeout: 0.3).get(server.url(forComic: 353)) }
        }
        #expect(error?.message == "\(host) did not answer within 0.3s — check your connection")
        // The C client is given the limit to the millisecond, never 0, which there means none.
        #expect(CurlTransport.milliseconds(0.3) == 300)
        #expect(CurlTransport.milliseconds(1) == 1000)
        #expect(CurlTransport.milliseconds(0.0001) == 1)
        #expect(CurlTransport.milliseconds(1e12) == 86_400_000)
        #expect(CurlTransport.milliseconds(0) == 0 && CurlTransport.milliseconds(.infinity) == 0)
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
        // Without the cancel, the request would wait for its 30 s timeout: a bound on a hang.
        #expect(elapsed < .seconds(25), "took \(elapsed)")
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
        // A hanging request would time out after an hour: only its cancel can end it within the
        // test's patience.
        let transport = CurlTransport(timeout: 3600)
        let urls = [fast, slow, hanging].map { server.url(forComic: $0) }
        let run = Task {
            await withTaskGroup(of: (index: Int, succeeded: Bool?).self) { group in
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
        }
        let outcomes = try #require(await waitPatiently(for: run, "requests were still waiting after their cancel"))
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
        // Connections are reused: one a request would be 2,000. The cap of 8 holds connections at
        // once; over the run, one that closes (a slow machine under a sanitizer) is replaced.
        #expect(server.connectionCount < 100, "\(server.connectionCount) connections for 2,000 requests")
    }

    @Test(arguments: [
        "http://127.0.0.1:8790", "https://xkcd.com/", "http://host/prefix", "http://host/prefix/",
        "http://host/p?x=1", "http://host/p#f", "http://host/a%20b",
    ])
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
        let client = XKCDClient(
            baseURL: server.baseURL, transport: CurlTransport(timeout: 5),
            retryDelays: [.milliseconds(10), .milliseconds(10)])
        await #expect(throws: XKCDError.network("the connection to \(host) was lost", retryable: true)) {
            try await client.comic(353)
        }
        #expect(server.requestCount == 3, "the first attempt and two retries")
    }
}
