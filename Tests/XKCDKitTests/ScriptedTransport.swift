import Foundation
import TestSupport

@testable import XKCDKit

/// Answers requests from canned bodies by URL path (`/info.0.json`, `/N/info.0.json`), 404
/// otherwise, and logs every path asked for: a server without a socket.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    /// The base URL the bodies are served under.
    static let base = URL(string: "https://xkcd.test")!
    // The lock guards `bodies` and `log`: requests arrive from the session's executor.
    private let lock = NSLock()
    private var bodies: [String: Data] = [:]
    private var log: [String] = []

    /// Serves `archive`, its newest comic as the latest.
    init(archive: ComicArchive) {
        for (num, body) in archive.bodies { bodies["/\(num)/info.0.json"] = body }
        if let newest = archive.newest { bodies["/info.0.json"] = archive.bodies[newest] }
    }

    /// Serves comic `num` from now on (not as the latest).
    func serve(_ num: Int, body: Data) {
        lock.withLock { bodies["/\(num)/info.0.json"] = body }
    }

    /// The paths asked for, in order.
    var requests: [String] { lock.withLock { log } }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        let body = lock.withLock {
            log.append(url.path)
            return bodies[url.path]
        }
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
