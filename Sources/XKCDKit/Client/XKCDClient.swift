#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Speaks the xkcd JSON API: `BASE/info.0.json` and `BASE/N/info.0.json`.
package struct XKCDClient: Sendable {
    /// The server's base URL, e.g. `https://xkcd.com`.
    let baseURL: URL
    /// explainxkcd's base URL (its MediaWiki API is `explainURL/wiki/api.php`).
    let explainURL: URL
    private let transport: any HTTPTransport
    // `baseURL` as text ending in "/", when a comic's address is that text plus its path.
    private let comicURLPrefix: String?
    private let retryDelays: [Duration]

    /// Creates a client; transient failures (HTTP 5xx, lost connections) are retried after each of `retryDelays`.
    package init(
        baseURL: URL, explainURL: URL = Preferences.builtIn.explainURL, transport: any HTTPTransport,
        retryDelays: [Duration] = [.milliseconds(200), .milliseconds(800)]
    ) {
        self.baseURL = baseURL
        self.explainURL = explainURL
        comicURLPrefix = Self.pathPrefix(of: baseURL)
        self.transport = transport
        self.retryDelays = retryDelays
    }

    /// The same client asking `baseURL` and `explainURL`, its requests giving up after `timeout` seconds.
    func with(baseURL: URL, explainURL: URL, timeout: TimeInterval) -> XKCDClient {
        transport.setTimeout(timeout)
        return XKCDClient(baseURL: baseURL, explainURL: explainURL, transport: transport, retryDelays: retryDelays)
    }

    /// The same client with other retry delays.
    func withRetryDelays(_ delays: [Duration]) -> XKCDClient {
        XKCDClient(baseURL: baseURL, explainURL: explainURL, transport: transport, retryDelays: delays)
    }

    /// The result of asking for one comic.
    enum Lookup: Sendable, Equatable {
        case found(Comic)
        /// HTTP 404: no such comic.
        case notFound
    }

    /// The newest comic.
    func latest() async throws -> Comic {
        switch try await fetch(url: newestURL, expected: nil) {
        case let .found(comic): return comic
        case .notFound: throw noNewestComic
        }
    }

    /// `BASE/info.0.json`, where the newest comic is.
    var newestURL: URL { baseURL.appendingPathComponent("info.0.json") }

    /// What asking for the newest comic throws when the server answers 404.
    var noNewestComic: XKCDError {
        .badData("the server has no newest comic (\(baseURL.absoluteString)/info.0.json is 404)")
    }

    /// Comic `num`, or `.notFound`.
    func comic(_ num: Int) async throws -> Lookup {
        try await fetch(url: comicURL(num), expected: num)
    }

    /// Asks for every comic of `nums`, as many at a time as `limit` gives, each answer going to
    /// the returned fetch as it comes; transient failures are retried as ``comic(_:)`` retries them.
    func comics(_ nums: [Int], limit: RequestLimit) -> ComicFetch {
        ComicFetch(client: self, transport: transport, nums: nums, limit: limit)
    }

    /// Whether answers from `url`'s host came over a connection that carries many requests at once.
    func multiplexes(_ url: URL) -> Bool {
        transport.multiplexes(url)
    }

    /// `BASE/N/info.0.json`.
    func comicURL(_ num: Int) -> URL {
        // Joined as text: appendingPathComponent costs several times more, once for every comic a sync fetches.
        if let comicURLPrefix, let url = URL(string: comicURLPrefix + "\(num)/info.0.json") { return url }
        return baseURL.appendingPathComponent("\(num)/info.0.json")
    }

    // The text a path joins onto, for a base with no query or fragment to keep after the path.
    private static func pathPrefix(of base: URL) -> String? {
        guard base.query == nil, base.fragment == nil else { return nil }
        let text = base.absoluteString
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// The largest image accepted.
    static let maxImageBytes = 20 << 20

    /// The image at `url` (http or https only), checked to be a PNG, JPEG, GIF or WebP.
    func image(at url: URL, of num: Int) async throws -> (data: Data, kind: ImageKind) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw XKCDError.badData("the image of #\(num) has an address that is not http(s)")
        }
        let response = try await get(url)
        guard response.status == 200 else { throw XKCDError.httpStatus(response.status, url: url.absoluteString) }
        guard response.body.count <= Self.maxImageBytes else {
            throw XKCDError.badData("the image of #\(num) is larger than \(Self.maxImageBytes >> 20) MB")
        }
        guard let kind = ImageKind.detect(response.body) else {
            throw XKCDError.badData("the server sent something that is not an image for #\(num)")
        }
        return (response.body, kind)
    }

    private func fetch(url: URL, expected: Int?) async throws -> Lookup {
        try Self.lookup(try await get(url), from: url, expected: expected)
    }

    /// What `response` from `url` says of the comic numbered `expected` (nil: the newest).
    static func lookup(_ response: HTTPResponse, from url: URL, expected: Int?) throws -> Lookup {
        switch response.status {
        case 200: return .found(try ComicPayload.decode(response.body, expected: expected))
        case 404: return .notFound
        default: throw XKCDError.httpStatus(response.status, url: url.absoluteString)
        }
    }

    // GET with retries: a dropped connection or a 5xx is tried again after each of
    // `retryDelays` (a short Retry-After wins), with the same `headers` every time; whatever
    // answers last is returned.
    func get(_ url: URL, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await retry(url, headers: headers, after: await attempt(url, headers: headers), attempts: 1)
    }

    /// How long to wait before asking again after `outcome`, the answer to the `attempts`th
    /// request for a URL; nil when `outcome` is final.
    func retryDelay(after outcome: Result<HTTPResponse, any Error>, attempts: Int) -> Duration? {
        guard attempts >= 1, attempts <= retryDelays.count else { return nil }
        switch outcome {
        case .failure(XKCDError.network(_, retryable: true)):
            return retryDelays[attempts - 1]
        case let .success(response) where (500...599).contains(response.status):
            return retryAfter(response) ?? retryDelays[attempts - 1]
        case .success, .failure:
            return nil
        }
    }

    /// The answer once final: `outcome`, the answer to the `attempts`th request for `url`, or
    /// those to the requests made again while it is transient.
    func retry(
        _ url: URL, headers: [String: String] = [:], after outcome: Result<HTTPResponse, any Error>,
        attempts: Int
    ) async throws -> HTTPResponse {
        var outcome = outcome
        var attempts = attempts
        while let delay = retryDelay(after: outcome, attempts: attempts) {
            try await pause(delay)
            outcome = await attempt(url, headers: headers)
            attempts += 1
        }
        return try outcome.get()
    }

    private func attempt(_ url: URL, headers: [String: String]) async -> Result<HTTPResponse, any Error> {
        do {
            return .success(try await transport.get(url, headers: headers))
        } catch {
            return .failure(error)
        }
    }

    private func pause(_ delay: Duration) async throws {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw XKCDError.cancelled
        }
    }

    // Honour a short Retry-After (seconds); anything longer than 5 s is capped.
    private func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.headers["retry-after"], let seconds = Int(value), seconds >= 0 else { return nil }
        return .seconds(min(seconds, 5))
    }
}
