import Foundation
import TestSupport

@testable import XKCDKit

/// Answers requests from canned bodies by URL path (`/info.0.json`, `/N/info.0.json`, images
/// under `/comics/`, explainxkcd's `/wiki/api.php?page=N`), 404 otherwise, and logs every path
/// asked for: a server without a socket.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    /// The base URL the bodies are served under.
    static let base = URL(string: "https://xkcd.test")!
    // The lock guards `bodies` and `log`: requests arrive from the session's executor.
    private let lock = NSLock()
    private var bodies: [String: Data] = [:]
    private var log: [String] = []
    private var image: Data?
    private var failingImages: Set<Int> = []
    private var explanations: [String: Data] = [:]

    /// Serves `archive`, its newest comic as the latest.
    init(archive: ComicArchive) {
        for (num, body) in archive.bodies { bodies["/\(num)/info.0.json"] = body }
        if let newest = archive.newest { bodies["/info.0.json"] = archive.bodies[newest] }
    }

    /// Serves comic `num` from now on (not as the latest).
    func serve(_ num: Int, body: Data) {
        lock.withLock { bodies["/\(num)/info.0.json"] = body }
    }

    /// Serves `data` for every image under `/comics/`.
    func serveImages(_ data: Data) {
        lock.withLock { image = data }
    }

    /// Fails the requests for the images of the comics `numbers` (synthetic archives' names),
    /// as an unreachable server would.
    func failImages(of numbers: Set<Int>) {
        lock.withLock { failingImages = numbers }
    }

    /// Serves explainxkcd's page `title` with `wikitext` for comic `num`.
    func serveExplanation(_ num: Int, title: String, _ wikitext: String) {
        let document: [String: Any] = ["parse": ["title": title, "wikitext": ["*": wikitext]]]
        let body = try! JSONSerialization.data(withJSONObject: document)
        lock.withLock { explanations[String(num)] = body }
    }

    /// The paths asked for, in order.
    var requests: [String] { lock.withLock { log } }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        let path = url.path
        let page = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?
            .value
        let answer: (body: Data?, failing: Bool, image: Data?) = lock.withLock {
            log.append(path)
            if path == "/wiki/api.php" {
                return (explanations[page ?? ""] ?? Data(#"{"error": {"code": "missingtitle"}}"#.utf8), false, nil)
            }
            let failing = failingImages.contains { num in
                path.hasPrefix("/comics/comic_\(num).") || path.hasPrefix("/comics/comic_\(num)_2x.")
            }
            return (bodies[path], failing, path.hasPrefix("/comics/") ? image : nil)
        }
        if answer.failing { throw XKCDError.network("connection refused") }
        if let image = answer.image {
            return HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: image)
        }
        let body = answer.body
        guard let body else { return HTTPResponse(status: 404, body: Data()) }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
    }

    func getEach(
        _ urls: [URL], limit: RequestLimit,
        answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    ) -> any RequestBatch {
        let task = Task {
            for (index, url) in urls.enumerated() {
                do {
                    _ = answer(index, .success(try await get(url, headers: [:])))
                } catch {
                    _ = answer(index, .failure(error))
                }
            }
        }
        return ScriptedBatch(task: task)
    }
}

/// The requests of ``ScriptedTransport/getEach(_:limit:answer:)``, one after another.
private struct ScriptedBatch: RequestBatch {
    let task: Task<Void, Never>

    func cancel() { task.cancel() }
    func releasePlace() {}
}
