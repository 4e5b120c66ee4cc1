import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 serving comics in the shape of the xkcd JSON API,
/// for integration tests, end-to-end tests and benchmarks.
///
/// Routes: `GET /info.0.json` is the newest comic, `GET /N/info.0.json` comic N (HTTP 404
/// with an HTML body when absent), anything else 404. Comic responses are
/// `application/json` with Content-Length, `ETag`, `Last-Modified` and
/// `Cache-Control: no-cache`, and answer `If-None-Match` / `If-Modified-Since` with 304.
/// Connections are kept alive (HTTP/1.1) and may pipeline; `Connection: close` is honoured.
/// Each connection is served by its own thread, so parallel clients do not wait on each other.
///
/// The server runs from `init` until `stop()` or until it is released.
package final class XKCDTestServer: Sendable {
    /// The socket, threads and shared state behind this server.
    let core: ServerCore

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    package let baseURL: URL
    /// The port the server listens on.
    package let port: UInt16

    /// Binds 127.0.0.1:`port` (0 picks a free port) and starts serving `archive`. With
    /// `servesImages`, comic bodies point their `img` at this server's `/imgs/`, which
    /// answers with generated PNGs (or those set with `setImage`).
    package init(archive: ComicArchive, port: UInt16 = 0, servesImages: Bool = true) throws {
        core = try ServerCore(archive: archive, port: port)
        self.port = core.port
        baseURL = URL(string: "http://127.0.0.1:\(core.port)")!
        if servesImages {
            let prefix = "http://127.0.0.1:\(core.port)/imgs/"
            core.state.withLock { $0.content.imagePrefix = prefix }
        }
    }

    /// Serves `body` at `path` (e.g. `/imgs/comics/python.png`) instead of a generated image; nil restores it.
    package func setImage(_ body: Data?, at path: String) {
        core.state.withLock { $0.content.images[path] = body }
    }

    /// Serves every file under `directory` (a fixtures `imgs` folder) at `/imgs/` plus its
    /// path inside it, e.g. `imgs/comics/python.png` at `/imgs/comics/python.png`.
    package func serveImages(from directory: URL) throws {
        let root = directory.standardizedFileURL.path
        guard let files = FileManager.default.enumerator(atPath: root) else { return }
        for case let relative as String in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            setImage(try Data(contentsOf: url), at: "/imgs/" + relative)
        }
    }

    /// Serves an explainxkcd page for comic `num` (titled `num: title`); nil wikitext removes it.
    package func setExplanation(num: Int, title: String, wikitext: String?) {
        core.state.withLock { $0.content.explanations[num] = wikitext.map { (title, $0) } }
    }

    /// Serves every `NNNN.wiki` file in `directory` as comic NNNN's explainxkcd page, titled
    /// from its `{{comic}}` header.
    package func serveExplanations(from directory: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for name in names where name.hasSuffix(".wiki") {
            guard let num = Int(name.dropLast(5)) else { continue }
            let wikitext = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let titleLine = wikitext.split(separator: "\n").first {
                $0.replacingOccurrences(of: " ", with: "").hasPrefix("|title=")
            }
            let title =
                titleLine.map {
                    $0.split(separator: "=", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                } ?? "Comic \(num)"
            setExplanation(num: num, title: title, wikitext: wikitext)
        }
    }

    deinit {
        core.stop()
    }

    /// Closes the listener and every connection; once it returns, new connections are
    /// refused. Requests in flight (delayed or hanging ones too) get no answer. Idempotent.
    package func stop() {
        core.stop()
    }

    /// `baseURL/N/info.0.json`, or `baseURL/info.0.json` for nil.
    package func url(forComic num: Int?) -> URL {
        guard let num else { return baseURL.appendingPathComponent("info.0.json") }
        return baseURL.appendingPathComponent("\(num)").appendingPathComponent("info.0.json")
    }

    /// The comics being served.
    package var archive: ComicArchive {
        core.state.withLock { $0.content.archive }
    }

    /// Publishes a new comic `num` titled `title`, in the live API's shape, dated 2022-09-01.
    package func publishComic(num: Int, title: String) {
        publish(
            num: num,
            body: LiveAPIJSON.body(
                num: num, link: "", news: "", safeTitle: title, transcript: "", alt: "The alt text of \(title).",
                img: "https://imgs.xkcd.com/comics/comic_\(num).png", title: title, year: 2022, month: 9, day: 1))
    }

    /// Adds or replaces comic `num`; if it is the highest number, `/info.0.json` serves it.
    package func publish(num: Int, body: Data) {
        core.state.withLock { $0.content.publish(num: num, body: body) }
    }

    /// Makes requests for exactly `path` (e.g. `/353/info.0.json` or `/info.0.json`; the
    /// query string is not part of it) show `fault`, until cleared with nil. A path's own
    /// fault wins over `setFaultForAllPaths`.
    package func setFault(_ fault: Fault?, for path: String) {
        core.state.withLock { $0.faults[path] = fault }
    }

    /// Makes the next `times` requests for exactly `path` show `fault`, one request each, after
    /// any counted faults already waiting for it; then the path is served as before. Counted
    /// faults win over `setFault(_:for:)` and `setFaultForAllPaths`.
    package func setFault(_ fault: Fault, for path: String, times: Int) {
        guard times > 0 else { return }
        core.state.withLock { $0.countedFaults[path, default: []] += Array(repeating: fault, count: times) }
    }

    /// Makes requests for each comic in `numbers` (`/N/info.0.json`) show `fault`, as
    /// `setFault(_:for:)` does for one path.
    package func setFault(_ fault: Fault?, forComics numbers: some Sequence<Int>) {
        core.state.withLock { state in
            for num in numbers { state.faults["/\(num)/info.0.json"] = fault }
        }
    }

    /// Makes every request show `fault` (except paths with a fault of their own), until
    /// cleared with nil.
    package func setFaultForAllPaths(_ fault: Fault?) {
        core.state.withLock { $0.faultForAllPaths = fault }
    }

    /// Clears every fault, per path, counted and for all paths.
    package func clearFaults() {
        core.state.withLock {
            $0.faults = [:]
            $0.countedFaults = [:]
            $0.faultForAllPaths = nil
        }
    }

    /// Requests received since start or `resetCounters()`, including faulted ones.
    package var requestCount: Int {
        core.state.withLock { $0.requestCount }
    }

    /// The request targets received, in order (path plus any query string).
    package var requestLog: [String] {
        core.state.withLock { $0.requestLog }
    }

    /// Waits until a request for exactly `path` has come in, polling without blocking a thread,
    /// for at most `timeout`; says whether it came.
    package func waitForRequest(to path: String, timeout: Duration = .seconds(600)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !core.state.withLock({ $0.requestLog.contains(path) }) {
            if ContinuousClock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// TCP connections accepted since start or `resetCounters()`: with keep-alive,
    /// fewer than `requestCount`.
    package var connectionCount: Int {
        core.state.withLock { $0.connectionsAccepted }
    }

    /// Zeroes `requestCount`, `connectionCount` and `explainQueryCount` and empties
    /// `requestLog` and the recorded headers.
    package func resetCounters() {
        core.state.withLock {
            $0.requestCount = 0
            $0.explainQueryCount = 0
            $0.requestLog = []
            $0.requestHeaders = []
            $0.connectionsAccepted = 0
        }
    }

    /// The header fields of request `index` (0-based, in `requestLog` order), with
    /// lowercased names (`if-none-match`, `user-agent`); empty when there is no such request.
    package func requestHeaders(forRequest index: Int) -> [String: String] {
        core.state.withLock { state in
            state.requestHeaders.indices.contains(index) ? state.requestHeaders[index] : [:]
        }
    }
}
