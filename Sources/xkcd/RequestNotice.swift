import Dispatch
import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws ``WaitNotice`` on a stderr line of a terminal while a command waits on a request,
/// and erases it when the last request ends, before anything the command prints. Requests
/// made outside ``start()`` and ``stop()`` (the watcher's, at the prompt) show nothing.
final class RequestNotice: Sendable {
    private struct State {
        var notice = WaitNotice()
        var armed = false
        var timer: DispatchSourceTimer?
    }

    // Held while drawing and erasing, so that a turn of the spinner never follows the erasure.
    private let state = Lock(State())
    private let queue = DispatchQueue(label: "xkcd.request-notice")
    private let width: @Sendable () -> Int

    /// A notice as wide as `width` says, asked at each turn.
    init(width: @escaping @Sendable () -> Int) {
        self.width = width
    }

    /// Starts watching for a command that waits on requests: from now, their line is drawn.
    func start() {
        state.withLock { [queue] in
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            timer.setEventHandler { [weak self] in self?.draw() }
            timer.resume()
            $0.armed = true
            $0.timer?.cancel()
            $0.timer = timer
        }
    }

    /// Stops watching; the line is gone when this returns.
    func stop() {
        state.withLock {
            $0.armed = false
            $0.timer?.cancel()
            $0.timer = nil
            if $0.notice.hide() { Self.erase() }
        }
    }

    /// Records a request for `url`; nil when no command is running.
    func begin(_ url: URL) -> Int? {
        state.withLock { $0.armed ? $0.notice.begin(url, at: .now) : nil }
    }

    /// Records that request `id` ended, erasing the line when it was the last.
    func end(_ id: Int) {
        state.withLock { if $0.notice.end(id) { Self.erase() } }
    }

    /// Erases the line, if drawn, and calls `write` (which prints something else) before the
    /// spinner can turn again; the next turn draws the line below what it printed.
    func clearing(_ write: () -> Void) {
        state.withLock {
            if $0.notice.clear() { Self.erase() }
            write()
        }
    }

    private func draw() {
        let columns = width()
        state.withLock {
            guard $0.armed, let line = $0.notice.line(at: .now, width: columns) else { return }
            Output.writeAll(STDERR_FILENO, Style(enabled: true).lineStart + line)
        }
    }

    private static func erase() {
        Output.writeAll(STDERR_FILENO, Style(enabled: true).lineStart)
    }
}

/// A transport whose single requests ``RequestNotice`` is told of; batches (a sync, which
/// draws its own progress) pass straight through.
struct NoticedTransport: HTTPTransport {
    let transport: any HTTPTransport
    let notice: RequestNotice

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        let id = notice.begin(url)
        defer { if let id { notice.end(id) } }
        return try await transport.get(url, headers: headers)
    }

    func getEach(
        _ urls: [URL], limit: RequestLimit,
        answer: @escaping @Sendable (Int, Result<HTTPResponse, any Error>) -> Bool
    ) -> any RequestBatch {
        transport.getEach(urls, limit: limit, answer: answer)
    }

    func multiplexes(_ url: URL) -> Bool { transport.multiplexes(url) }

    func setTimeout(_ seconds: TimeInterval) { transport.setTimeout(seconds) }
}
