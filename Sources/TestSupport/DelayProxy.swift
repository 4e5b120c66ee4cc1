import Foundation

/// A TCP proxy on 127.0.0.1 that holds every byte for a fixed time in each direction, as a
/// distant server would, and counts the connections made through it. Whatever is spoken over
/// it (TLS, HTTP/2) passes through untouched.
public final class DelayProxy: @unchecked Sendable {
    /// The port the proxy listens on.
    public let port: UInt16
    private let targetPort: UInt16
    private let delay: TimeInterval
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let state = Locked(ProxyState())

    private struct ProxyState {
        var accepted = 0
        var open: [Int32: Int] = [:]
        var stopped = false
    }

    /// Starts forwarding connections to 127.0.0.1:`targetPort`, each byte `delay` late each way.
    public init(targetPort: UInt16, delay: TimeInterval) throws {
        self.targetPort = targetPort
        self.delay = delay
        (listener, port) = try POSIXSocket.listenLoopback(port: 0)
        wake = try POSIXSocket.makeWakePipe()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
        POSIXSocket.closeDescriptor(wake.read)
    }

    /// The connections accepted so far.
    public var connectionCount: Int { state.withLock { $0.accepted } }

    /// Stops accepting and cuts every connection.
    public func stop() {
        let open = state.withLock { state -> [Int32]? in
            guard !state.stopped else { return nil }
            state.stopped = true
            return Array(state.open.keys)
        }
        guard let open else { return }
        POSIXSocket.closeDescriptor(wake.write)
        for fd in open { POSIXSocket.shutdownBoth(fd) }
    }

    private func acceptLoop() {
        defer { POSIXSocket.closeDescriptor(listener) }
        while POSIXSocket.waitReadable(listener, wake: wake.read) == .readable {
            guard let client = POSIXSocket.acceptConnection(listener) else { continue }
            guard let server = try? POSIXSocket.connectLoopback(port: targetPort) else {
                POSIXSocket.closeDescriptor(client)
                continue
            }
            let stopped = state.withLock { state in
                state.accepted += 1
                state.open[client] = 2
                state.open[server] = 2
                return state.stopped
            }
            if stopped { POSIXSocket.shutdownBoth(client) }
            let ended: @Sendable () -> Void = { [self] in release(client, server) }
            _ = DelayedPipe(from: client, to: server, delay: delay, ended: ended)
            _ = DelayedPipe(from: server, to: client, delay: delay, ended: ended)
        }
    }

    // Each direction releases both sockets once; the second release closes them.
    private func release(_ client: Int32, _ server: Int32) {
        let last = state.withLock { state -> Bool in
            let left = (state.open[client] ?? 1) - 1
            state.open[client] = left
            guard left == 0 else { return false }
            state.open[client] = nil
            state.open[server] = nil
            return true
        }
        if last {
            POSIXSocket.closeDescriptor(client)
            POSIXSocket.closeDescriptor(server)
        }
    }
}
