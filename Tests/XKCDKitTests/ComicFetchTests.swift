import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `XKCDClient.comics(_:limit:)`: every comic answered once, transient failures retried as
/// `comic(_:)` retries them, cancellation through the reading task.
@Suite final class ComicFetchTests {
    let server: XKCDTestServer

    init() throws {
        var archive = ComicArchive.synthetic(count: 40)
        archive.bodies[30] = nil
        server = try XKCDTestServer(archive: archive, servesImages: false)
    }

    deinit {
        server.stop()
    }

    func client(timeout: TimeInterval = 10, retryDelays: [Duration] = [.milliseconds(10), .milliseconds(10)])
        -> XKCDClient
    {
        XKCDClient(baseURL: server.baseURL, transport: CurlTransport(timeout: timeout), retryDelays: retryDelays)
    }

    static func readAll(_ fetch: ComicFetch) async -> [ComicFetch.Answer] {
        var answers: [ComicFetch.Answer] = []
        while let more = await fetch.next() { answers += more }
        return answers
    }

    @Test func everyComicOnceAndTransientFailuresRetried() async throws {
        server.setFault(.status(503, headers: ["Retry-After": "0"]), for: "/7/info.0.json")
        server.setFault(.truncate(afterBytes: 5), for: "/8/info.0.json")
        server.setFault(.body("{\"num\": 9"), for: "/9/info.0.json")
        let answers = await Self.readAll(client().comics(Array(1...40), limit: RequestLimit(cap: 4)))
        #expect(answers.map(\.num).sorted() == Array(1...40))
        for answer in answers {
            switch answer.num {
            case 7:
                #expect(throws: XKCDError.httpStatus(503, url: server.url(forComic: 7).absoluteString)) {
                    try answer.lookup.get()
                }
            case 8:
                #expect(
                    throws: XKCDError.network("the connection to 127.0.0.1:\(server.port) was lost", retryable: true)
                ) { try answer.lookup.get() }
            case 9:
                #expect(throws: XKCDError.badData("the server sent something that is not JSON")) {
                    try answer.lookup.get()
                }
            case 30: #expect(try answer.lookup.get() == .notFound)
            default:
                guard case let .found(comic) = try answer.lookup.get() else {
                    Issue.record("#\(answer.num) not found")
                    continue
                }
                #expect(comic.num == answer.num)
            }
        }
        let log = server.requestLog
        #expect(log.filter { $0 == "/7/info.0.json" }.count == 3, "one try and two retries")
        #expect(log.filter { $0 == "/8/info.0.json" }.count == 3, "one try and two retries")
        #expect(log.filter { $0 == "/9/info.0.json" }.count == 1, "bad data is not retried")
        #expect(log.filter { !["/7/info.0.json", "/8/info.0.json"].contains($0) }.count == 38, "the others asked once")
    }

    @Test func cancellingTheReaderStopsRequestsAndRetries() async throws {
        // Only comic 2 is answered (503), and asked again only after an hour; the others are
        // never answered and would time out after an hour: only the cancel can end them within
        // the test's patience.
        server.setFaultForAllPaths(.hang)
        server.setFault(.status(503), for: "/2/info.0.json")
        let fetch = client(timeout: 3600, retryDelays: Array(repeating: .seconds(3600), count: 4)).comics(
            Array(1...10), limit: RequestLimit(cap: 3))
        let reader = Task { [fetch] in await ComicFetchTests.readAll(fetch) }
        for num in 1...3 { try #require(try await server.waitForRequest(to: "/\(num)/info.0.json")) }
        // Room for a fourth request to arrive, were comic 2's place given up while it waits.
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.requestLog.filter { $0 == "/2/info.0.json" }.count == 1, "comic 2 waits to be asked again")
        #expect(!server.requestLog.contains("/4/info.0.json"), "comic 2 keeps its place while it waits")
        reader.cancel()
        let answers = try #require(
            await waitPatiently(for: reader, "the reader was still waiting for its requests after the cancel"))
        #expect(answers.map(\.num).sorted() == Array(1...10), "every comic answered")
        for answer in answers {
            #expect(throws: XKCDError.cancelled) { try answer.lookup.get() }
        }
        #expect(
            server.requestLog.sorted() == ["/1/info.0.json", "/2/info.0.json", "/3/info.0.json"],
            "nothing asked for after the cancel")
    }
}
