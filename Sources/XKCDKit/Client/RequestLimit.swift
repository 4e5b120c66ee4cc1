/// How many requests to one host a batch keeps in flight: as many as its connections carry
/// (``multiplexedStreams`` on one HTTP/2 connection, one each on ``connectionsPerHost``
/// HTTP/1.1 connections), never more than a user's cap.
public struct RequestLimit: Sendable, Equatable {
    /// The most HTTP/1.1 connections opened to one host.
    public static let connectionsPerHost = 8
    /// The most requests one HTTP/2 connection carries at once (fewer when the server says so).
    public static let multiplexedStreams = 100

    /// The user's cap (`--jobs`), nil for none.
    public var cap: Int?

    /// A limit capped at `cap` requests (nil: by the connection alone).
    public init(cap: Int? = nil) {
        self.cap = cap.map { max(1, $0) }
    }

    /// The requests to keep in flight on a connection that does (or does not) multiplex.
    public func inFlight(multiplexed: Bool) -> Int {
        min(cap ?? .max, multiplexed ? Self.multiplexedStreams : Self.connectionsPerHost)
    }
}
