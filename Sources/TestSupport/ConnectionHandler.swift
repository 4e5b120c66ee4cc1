import Foundation

/// Serves one accepted connection on its own thread: reads requests in order, answers
/// each (applying faults), keeps the connection alive unless told otherwise.
struct ConnectionHandler {
    let core: ServerCore
    let fd: Int32

    /// What to do with the connection after a request.
    private enum Next {
        case keepOpen
        /// Send FIN, let the client read what was sent, then close.
        case close
        /// The server is stopping or the peer is gone: close at once.
        case abort
    }

    /// Runs until the client closes, a response ends the connection, or the server stops.
    func run() {
        var buffer: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var next = Next.keepOpen
        serving: while true {
            switch HTTPRequest.parse(buffer) {
            case .complete(let request, let consumed):
                buffer.removeFirst(consumed)
                next = handle(request)
                if case .keepOpen = next { continue serving }
                break serving
            case .invalid(let status):
                var response = HTTPResponse.errorPage(status)
                response.setHeader("Connection", "close")
                next =
                    POSIXSocket.sendAll(fd, response.head(keepAlive: false, date: HTTPDate.now()) + response.body)
                    ? .close : .abort
                break serving
            case .incomplete:
                switch POSIXSocket.waitReadable(fd, wake: core.wakeDescriptor) {
                case .woken:
                    next = .abort
                    break serving
                case .timedOut:
                    continue serving
                case .readable:
                    let count = POSIXSocket.receive(fd, into: &scratch)
                    guard count > 0 else {
                        next = .abort
                        break serving
                    }
                    buffer.append(contentsOf: scratch[0..<count])
                }
            }
        }
        if case .close = next { drainAfterClosing(&scratch) }
        core.connectionEnded(fd)
    }

    /// Answers one request; says whether the connection goes on.
    private func handle(_ request: HTTPRequest) -> Next {
        let (content, fault) = core.state.withLock { state -> (ServedContent, XKCDTestServer.Fault?) in
            state.requestCount += 1
            state.requestLog.append(request.target)
            state.requestHeaders.append(request.headers)
            if var queue = state.countedFaults[request.path], !queue.isEmpty {
                let fault = queue.removeFirst()
                state.countedFaults[request.path] = queue.isEmpty ? nil : queue
                return (state.content, fault)
            }
            return (state.content, state.faults[request.path] ?? state.faultForAllPaths)
        }
        var keepAlive = request.keepAlive
        var bodyLimit: Int?
        let response: HTTPResponse
        switch fault {
        case nil:
            response = core.router.response(to: request, content: content)
            countExplainQuery(request)
        case .status(let status, let body, let headers)?:
            var faulty = HTTPResponse(
                status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(body.utf8))
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                faulty.setHeader(name, value)
            }
            response = faulty
        case .body(let text, let status)?:
            response = HTTPResponse(
                status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
        case .delay(let duration)?:
            let wait = POSIXSocket.waitReadable(-1, wake: core.wakeDescriptor, timeout: Self.milliseconds(duration))
            if case .woken = wait { return .abort }
            response = core.router.response(to: request, content: core.state.withLock { $0.content })
            countExplainQuery(request)
        case .hang?:
            hang()
            return .abort
        case .truncate(let afterBytes)?:
            response = core.router.response(to: request, content: content)
            bodyLimit = max(0, afterBytes)
            keepAlive = false
        case .closeImmediately?:
            return .close
        case .drip(let interval)?:
            let answer = core.router.response(to: request, content: content)
            guard POSIXSocket.sendAll(fd, answer.head(keepAlive: false, date: HTTPDate.now())) else { return .abort }
            for byte in answer.body {
                let wait = POSIXSocket.waitReadable(-1, wake: core.wakeDescriptor, timeout: Self.milliseconds(interval))
                if case .woken = wait { return .abort }
                guard POSIXSocket.sendAll(fd, Data([byte])) else { return .abort }
            }
            return .close
        }
        if response.header("Connection")?.lowercased() == "close" { keepAlive = false }
        var data = response.head(keepAlive: keepAlive, date: HTTPDate.now())
        if request.method != "HEAD" && response.allowsBody {
            data.append(bodyLimit.map { response.body.prefix($0) } ?? response.body)
        }
        guard POSIXSocket.sendAll(fd, data) else { return .abort }
        return keepAlive ? .keepOpen : .close
    }

    private func countExplainQuery(_ request: HTTPRequest) {
        guard core.router.isExplainQuery(request) else { return }
        core.state.withLock { $0.explainQueryCount += 1 }
    }

    /// Waits, answering nothing, until the server stops or the client closes.
    private func hang() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            switch POSIXSocket.waitReadable(fd, wake: core.wakeDescriptor) {
            case .woken:
                return
            case .timedOut:
                continue
            case .readable:
                if POSIXSocket.receive(fd, into: &scratch) <= 0 { return }
            }
        }
    }

    /// Sends FIN, then reads and discards until the client closes (at most a second), so
    /// unread pipelined requests do not turn the close into a reset that could destroy
    /// the response the client has not read yet.
    private func drainAfterClosing(_ scratch: inout [UInt8]) {
        POSIXSocket.shutdownWrite(fd)
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            let remaining = Int((deadline - now) / 1_000_000) + 1
            guard case .readable = POSIXSocket.waitReadable(fd, wake: core.wakeDescriptor, timeout: remaining),
                POSIXSocket.receive(fd, into: &scratch) > 0
            else { return }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int.max / 2 : Int(clamping: whole) + Int(attoseconds / 1_000_000_000_000_000)
    }
}
