import Foundation

/// A TCP proxy on 127.0.0.1 that holds every byte for a fixed time in each direction, as a
/// distant server would, and counts the connections made through it. Whatever is spoken over
/// it (TLS, HTTP/2) passes through untouched. As a `tunnel` it is an HTTP proxy instead, as
/// `https_proxy` names one: each connection starts with `CONNECT`, and is then piped to the
/// target whatever host it named.
package final class DelayProxy: @unchecked Sendable {
    /// The port the proxy listens on.
    package let port: UInt16
    private let targetPort: UInt16
    private let delay: TimeInterval
    private let tunnel: Bool
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let state = Locked(ProxyState())

    private struct ProxyState {
        var accepted = 0
        var tunnelled: [String] = []
        // Each open connection by its client descriptor: the server's, and how many of the
        // connection's four threads still use them.
        var open: [Int32: (server: Int32, users: Int)] = [:]
        var stopped = false
    }

    /// Starts forwarding connections to 127.0.0.1:`targetPort`, each byte `delay` late each way;
    /// as a `tunnel`, after answering each one's `CONNECT`.
    package init(targetPort: UInt16, delay: TimeInterval, tunnel: Bool = false) throws {
        self.targetPort = targetPort
        self.delay = delay
        self.tunnel = tunnel
        (listener, port) = try POSIXSocket.listenLoopback(port: 0)
        wake = try POSIXSocket.makeWakePipe()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
        POSIXSocket.closeDescriptor(wake.read)
    }

    /// The connections accepted so far.
    package var connectionCount: Int { state.withLock { $0.accepted } }

    /// What each tunnel's `CONNECT` asked for (`host:port`), in order.
    package var tunnelledAuthorities: [String] { state.withLock { $0.tunnelled } }

    /// Stops accepting and cuts every connection.
    package func stop() {
        // Under the lock, so no descriptor is closed (and its number reused) in between.
        let stopping = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for (client, connection) in state.open {
                POSIXSocket.shutdownBoth(client)
                POSIXSocket.shutdownBoth(connection.server)
            }
            return true
        }
        if stopping { POSIXSocket.closeDescriptor(wake.write) }
    }

    private func acceptLoop() {
        defer { POSIXSocket.closeDescriptor(listener) }
        while POSIXSocket.waitReadable(listener, wake: wake.read) == .readable {
            guard let client = POSIXSocket.acceptConnection(listener) else { continue }
            if tunnel {
                Thread.detachNewThread { [self] in
                    guard let authority = Self.readConnect(client) else {
                        POSIXSocket.closeDescriptor(client)
                        return
                    }
                    state.withLock { $0.tunnelled.append(authority) }
                    pipe(client, answering: Data("HTTP/1.1 200 Connection established\r\n\r\n".utf8))
                }
            } else {
                pipe(client, answering: nil)
            }
        }
    }

    // Reads a `CONNECT host:port HTTP/1.1` request to its blank line; the authority, or nil
    // when it is anything else.
    private static func readConnect(_ fd: Int32) -> String? {
        var head = Data()
        var byte = [UInt8](repeating: 0, count: 1)
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8), head.count < 8192 {
            guard POSIXSocket.receive(fd, into: &byte) == 1 else { return nil }
            head.append(byte[0])
        }
        let words = String(decoding: head, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard words.count == 3, words[0] == "CONNECT" else { return nil }
        return String(words[1])
    }

    // Connects `client` to the target (first sending it `answer`) and starts both directions.
    private func pipe(_ client: Int32, answering answer: Data?) {
        guard let server = try? POSIXSocket.connectLoopback(port: targetPort) else {
            POSIXSocket.closeDescriptor(client)
            return
        }
        if let answer, !POSIXSocket.sendAll(client, answer) {
            POSIXSocket.closeDescriptor(client)
            POSIXSocket.closeDescriptor(server)
            return
        }
        let stopped = state.withLock { state in
            state.accepted += 1
            state.open[client] = (server, 4)
            return state.stopped
        }
        if stopped { POSIXSocket.shutdownBoth(client) }
        let ended: @Sendable () -> Void = { [self] in release(client) }
        _ = DelayedPipe(from: client, to: server, delay: delay, ended: ended)
        _ = DelayedPipe(from: server, to: client, delay: delay, ended: ended)
    }

    // Each of the four threads of a connection releases its descriptors once it is done with
    // them; the last release closes them.
    private func release(_ client: Int32) {
        state.withLock { state in
            guard let connection = state.open[client] else { return }
            guard connection.users == 1 else {
                state.open[client]?.users -= 1
                return
            }
            state.open[client] = nil
            POSIXSocket.closeDescriptor(client)
            POSIXSocket.closeDescriptor(connection.server)
        }
    }
}
