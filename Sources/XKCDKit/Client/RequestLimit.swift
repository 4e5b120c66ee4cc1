/// How many requests to one host a batch keeps in flight: as many as its connections carry
/// (up to `streams` on one HTTP/2 connection, one each on ``connectionsPerHost`` HTTP/1.1
/// connections), never more than a user's cap.
package struct RequestLimit: Sendable, Equatable {
    /// The most HTTP/1.1 connections opened to one host.
    static let connectionsPerHost = 8
    /// The most requests one HTTP/2 connection carries at once (fewer when the server says so).
    static let multiplexedStreams = 100
    /// The most downloads of images at once on one HTTP/2 connection: they share its bandwidth,
    /// and each must finish within its own time limit, so a slow link must not be split a
    /// hundred ways.
    static let multiplexedDownloads = 16

    /// The user's cap (`--jobs`), nil for none.
    let cap: Int?
    /// The most requests in flight on one HTTP/2 connection.
    let streams: Int

    /// A limit capped at `cap` requests (nil: by the connection alone), with at most `streams`
    /// on an HTTP/2 connection.
    init(cap: Int? = nil, streams: Int = RequestLimit.multiplexedStreams) {
        self.cap = cap.map { max(1, $0) }
        self.streams = max(1, min(streams, Self.multiplexedStreams))
    }

    /// The requests to keep in flight on a connection that does (or does not) multiplex.
    func inFlight(multiplexed: Bool) -> Int {
        min(cap ?? .max, multiplexed ? streams : Self.connectionsPerHost)
    }
}
