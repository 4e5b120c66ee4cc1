import Dispatch
import Foundation

/// The listening socket, its threads and the shared state of one `XKCDTestServer`.
///
/// One thread accepts; each connection gets a thread of its own that reads requests in
/// order (pipelined or sequential), answers each, and keeps the connection open unless
/// the request or a fault says otherwise. Every blocking wait also watches a wake pipe that
/// `stop()` closes, so stopping never waits on a client.
final class ServerCore: Sendable {
    /// Everything the threads share, under one lock.
    struct State: Sendable {
        var content: ServedContent
        var faults: [String: XKCDTestServer.Fault] = [:]
        var faultForAllPaths: XKCDTestServer.Fault?
        /// Faults for the next requests to a path, one per request, in order; they win over `faults`.
        var countedFaults: [String: [XKCDTestServer.Fault]] = [:]
        /// explainxkcd `action=query` requests answered without a fault (or after a delay).
        var explainQueryCount = 0
        var requestCount = 0
        var requestLog: [String] = []
        var requestHeaders: [[String: String]] = []
        var connectionsAccepted = 0
        var openConnections: Set<Int32> = []
        var stopped = false
    }

    /// The port bound on 127.0.0.1.
    let port: UInt16
    /// Shared state.
    let state: Locked<State>
    /// The read end of the wake pipe: readable (end of file) once stopping.
    let wakeDescriptor: Int32
    /// Maps requests to responses.
    let router = TestServerRouter()

    private let listener: Int32
    private let wakeWriteDescriptor: Int32
    private let acceptLoopDone = DispatchGroup()
    private let connectionThreads = DispatchGroup()

    init(archive: ComicArchive, port requestedPort: UInt16) throws {
        let (listener, port) = try POSIXSocket.listenLoopback(port: requestedPort)
        let wake: (read: Int32, write: Int32)
        do {
            wake = try POSIXSocket.makeWakePipe()
        } catch {
            POSIXSocket.closeDescriptor(listener)
            throw error
        }
        self.listener = listener
        self.port = port
        self.wakeDescriptor = wake.read
        self.wakeWriteDescriptor = wake.write
        self.state = Locked(State(content: ServedContent(archive: archive)))
        acceptLoopDone.enter()
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "xkcd-test-server accept :\(port)"
        thread.start()
    }

    deinit {
        // Reached only once the accept loop and every connection thread have ended.
        POSIXSocket.closeDescriptor(wakeDescriptor)
    }

    /// Closes the listener (new connections are refused once this returns) and every
    /// connection, and waits for the threads to finish.
    func stop() {
        let first = state.withLock { state -> Bool in
            if state.stopped { return false }
            state.stopped = true
            for fd in state.openConnections { POSIXSocket.shutdownBoth(fd) }
            return true
        }
        if first { POSIXSocket.closeDescriptor(wakeWriteDescriptor) }
        acceptLoopDone.wait()
        _ = connectionThreads.wait(timeout: .now() + .seconds(5))
    }

    /// Called by a connection thread when it is done with `fd`: stop() no longer
    /// touches it, then it is closed.
    func connectionEnded(_ fd: Int32) {
        _ = state.withLock { $0.openConnections.remove(fd) }
        POSIXSocket.closeDescriptor(fd)
    }

    private func acceptLoop() {
        defer {
            POSIXSocket.closeDescriptor(listener)
            acceptLoopDone.leave()
        }
        while true {
            switch POSIXSocket.waitReadable(listener, wake: wakeDescriptor) {
            case .woken:
                return
            case .timedOut:
                continue
            case .readable:
                guard let fd = POSIXSocket.acceptConnection(listener) else { continue }
                let admitted = state.withLock { state -> Bool in
                    if state.stopped { return false }
                    state.openConnections.insert(fd)
                    state.connectionsAccepted += 1
                    return true
                }
                guard admitted else {
                    POSIXSocket.closeDescriptor(fd)
                    return
                }
                connectionThreads.enter()
                let thread = Thread { [self] in
                    ConnectionHandler(core: self, fd: fd).run()
                    connectionThreads.leave()
                }
                thread.name = "xkcd-test-server connection \(fd)"
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
    }
}
