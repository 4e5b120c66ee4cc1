import Testing

@testable import XKCDKit

/// How many requests a batch keeps in flight, by connection and by the user's cap.
struct RequestLimitTests {
    @Test func theConnectionDecidesWithoutACap() {
        let limit = RequestLimit()
        #expect(limit.inFlight(multiplexed: false) == 8, "one per HTTP/1.1 connection, eight connections")
        #expect(limit.inFlight(multiplexed: true) == 100, "one HTTP/2 connection's streams")
    }

    @Test func aCapLowersButNeverRaises() {
        #expect(RequestLimit(cap: 3).inFlight(multiplexed: true) == 3)
        #expect(RequestLimit(cap: 3).inFlight(multiplexed: false) == 3)
        #expect(RequestLimit(cap: 32).inFlight(multiplexed: false) == 8, "never more than eight HTTP/1.1 connections")
        #expect(RequestLimit(cap: 32).inFlight(multiplexed: true) == 32)
        #expect(RequestLimit(cap: 0).inFlight(multiplexed: true) == 1, "at least one, whatever the cap")
    }

    @Test func downloadsTakeFewerStreams() {
        let images = RequestLimit(streams: RequestLimit.multiplexedDownloads)
        #expect(images.inFlight(multiplexed: true) == 16)
        #expect(images.inFlight(multiplexed: false) == 8)
        #expect(RequestLimit(cap: 4, streams: 16).inFlight(multiplexed: true) == 4)
        #expect(RequestLimit(streams: 500).inFlight(multiplexed: true) == 100, "no more than libcurl is told")
    }
}
