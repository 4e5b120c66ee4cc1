import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// `CurlTransport.getEach` against the loopback server: every URL answered once, never more
/// than the limit in flight, places kept and given back, cancellation.
@Suite final class CurlBatchTests {
    let server: XKCDTestServer

    init() throws {
        server = try XKCDTestServer(archive: ComicArchive.synthetic(count: 60), servesImages: false)
    }

    deinit {
        server.stop()
    }

    /// The answers a batch hands over, from whichever thread.
    final class Answers: @unchecked Sendable {
        // Under `lock`, hence @unchecked Sendable.
        private let lock = NSLock()
        private var received: [(index: Int, result: Result<HTTPResponse, any Error>)] = []

        func add(_ index: Int, _ result: Result<HTTPResponse, any Error>) {
            lock.withLock { received.append((index, result)) }
        }

        var all: [(index: Int, result: Result<HTTPResponse, any Error>)] { lock.withLock { received } }

        /// Waits until `count` answers are in; false if they are not within `timeout` (patience
        /// for a loaded machine, where blocked test threads can hold up an async test for minutes).
        func wait(for count: Int, timeout: Duration = .seconds(600)) async throws -> Bool {
            let deadline = ContinuousClock.now + timeout
            while all.count < count {
                guard ContinuousClock.now < deadline else { return false }
                try await Task.sleep(for: .milliseconds(5))
            }
            return true
        }
    }

    func waitForRequests(_ count: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(600)
        while server.requestCount < count {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test func everyURLIsAnsweredOnceWithItsOwnBody() async throws {
        let transport = CurlTransport(timeout: 10, maxConnectionsPerHost: 8)
        // 300 requests over 60 comics and one number that does not exist.
        let nums = (0..<300).map { $0 % 61 + 1 }
        let answers = Answers()
        _ = transport.getEach(nums.map { server.url(forComic: $0) }, limit: RequestLimit(cap: 4)) { index, result in
            answers.add(index, result)
            return true
        }
        #expect(try await answers.wait(for: nums.count))
        let all = answers.all
        #expect(all.map(\.index).sorted() == Array(nums.indices), "each index exactly once")
        for (index, result) in all {
            let response = try result.get()
            if let body = server.archive.bodies[nums[index]] {
                #expect(response.status == 200 && response.body == body, "#\(nums[index])")
            } else {
                #expect(response.status == 404)
            }
        }
        #expect(server.requestCount == nums.count)
        #expect(server.connectionCount <= 4, "\(server.connectionCount) connections for 4 places")
    }

    @Test func neverMoreThanTheLimitInFlightAndCancelAnswersTheRest() async throws {
        // No request is ever answered, and the transport would wait an hour before giving up on
        // one: only the cancel can end the three in flight within the test's patience.
        server.setFaultForAllPaths(.hang)
        let transport = CurlTransport(timeout: 3600)
        let answers = Answers()
        let batch = transport.getEach((1...20).map { server.url(forComic: $0) }, limit: RequestLimit(cap: 3)) {
            index, result in
            answers.add(index, result)
            return true
        }
        try #require(try await waitForRequests(3))
        // Room for a fourth request to arrive, were the limit not kept.
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.requestCount == 3, "three places, three requests")
        #expect(answers.all.isEmpty)
        batch.cancel()
        #expect(try await answers.wait(for: 20), "the cancel answered every URL")
        #expect(answers.all.map(\.index).sorted() == Array(0..<20))
        for (_, result) in answers.all {
            #expect(throws: XKCDError.cancelled) { try result.get() }
        }
        #expect(server.requestCount == 3, "nothing asked for after the cancel")
    }

    @Test func anAnswerKeepsItsPlaceUntilItIsGivenBack() async throws {
        let transport = CurlTransport(timeout: 10)
        let answers = Answers()
        let batch = transport.getEach((1...5).map { server.url(forComic: $0) }, limit: RequestLimit(cap: 1)) {
            index, result in
            answers.add(index, result)
            return index != 0
        }
        #expect(try await answers.wait(for: 1))
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.requestCount == 1, "the first answer kept the only place")
        batch.releasePlace()
        #expect(try await answers.wait(for: 5))
        #expect(answers.all.map(\.index) == [0, 1, 2, 3, 4], "one place: in order")
        #expect(server.requestCount == 5)
    }

    @Test func aTransportWithoutTheServerAnswersEveryURLWithTheFailure() async throws {
        server.stop()
        let answers = Answers()
        _ = CurlTransport(timeout: 5).getEach((1...10).map { server.url(forComic: $0) }, limit: RequestLimit(cap: 2)) {
            index, result in
            answers.add(index, result)
            return true
        }
        #expect(try await answers.wait(for: 10))
        for (_, result) in answers.all {
            #expect(throws: XKCDError.network("cannot connect to 127.0.0.1:\(server.port) (connection refused)")) {
                try result.get()
            }
        }
    }
}
