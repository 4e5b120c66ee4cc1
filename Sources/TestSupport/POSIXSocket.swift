import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX calls the server uses, hiding Linux/Darwin differences.
/// Every descriptor is close-on-exec, so processes spawned by tests do not inherit them
/// (an inherited listener would keep accepting after `stop()`).
enum POSIXSocket {
    #if canImport(Darwin)
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #else
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    // A TCP socket, close-on-exec.
    private static func streamSocket() throws -> Int32 {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError(operation: "socket", code: errno) }
        setCloseOnExec(fd)
        return fd
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    // Calls `body` with `address` as the generic socket address the socket calls take.
    private static func withSocketAddress(
        _ address: inout sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// A listening TCP socket on 127.0.0.1:`port` (0: any free port), and the port it got.
    static func listenLoopback(port: UInt16, backlog: Int32 = 128) throws -> (fd: Int32, port: UInt16) {
        let fd = try streamSocket()
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: port)
        guard withSocketAddress(&address, { bind(fd, $0, $1) }) == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw SocketError(operation: "bind 127.0.0.1:\(port)", code: code)
        }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw SocketError(operation: "listen", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw SocketError(operation: "getsockname", code: code)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A TCP connection to 127.0.0.1:`port`, with Nagle's delay off.
    static func connectLoopback(port: UInt16) throws -> Int32 {
        let fd = try streamSocket()
        var address = loopbackAddress(port: port)
        guard withSocketAddress(&address, { connect(fd, $0, $1) }) == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw SocketError(operation: "connect 127.0.0.1:\(port)", code: code)
        }
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    /// Accepts one connection; nil on a transient failure (retry after polling again).
    static func acceptConnection(_ listener: Int32) -> Int32? {
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else {
            if errno == EMFILE || errno == ENFILE { usleep(10_000) }
            return nil
        }
        setCloseOnExec(fd)
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// A pipe used to wake every waiting thread at once: closing its write end makes the
    /// read end readable (end of file) for all of them.
    static func makeWakePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SocketError(operation: "pipe", code: errno) }
        setCloseOnExec(fds[0])
        setCloseOnExec(fds[1])
        return (fds[0], fds[1])
    }

    /// What `waitReadable(_:wake:timeout:)` saw.
    enum Readiness {
        /// `fd` has data or end of file.
        case readable
        /// The wake pipe fired: the server is stopping.
        case woken
        /// The timeout passed first.
        case timedOut
    }

    /// Waits until `fd` is readable (pass -1 to wait on the wake pipe alone), the wake pipe
    /// fires, or `timeout` milliseconds pass (-1, or over 2^40: forever).
    static func waitReadable(_ fd: Int32, wake: Int32, timeout milliseconds: Int = -1) -> Readiness {
        let deadline =
            milliseconds < 0 || milliseconds > 1 << 40
            ? nil : DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
        while true {
            var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            var waitMilliseconds: Int32 = -1
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= deadline { return .timedOut }
                waitMilliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            }
            let result = poll(&fds, nfds_t(fds.count), waitMilliseconds)
            if result < 0 {
                if errno == EINTR { continue }
                return .woken
            }
            if fds[0].revents != 0 { return .woken }
            if fds.count > 1, fds[1].revents != 0 { return .readable }
            if result == 0, deadline != nil { continue }
        }
    }

    /// Reads what is there (after `waitReadable` said readable); 0 at end of file, -1 on error.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Writes all of `data`; false when the peer is gone or the socket was shut down.
    static func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var remaining = raw.count
            while remaining > 0 {
                let sent = send(fd, pointer, remaining, sendFlags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                remaining -= sent
                pointer += sent
            }
            return true
        }
    }

    /// Shuts down both directions, waking a thread blocked on `fd`. Safe while another
    /// thread uses the descriptor, unlike `close`.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Ends our side of the stream (FIN) but keeps reading possible.
    static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes a descriptor.
    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    private static func setCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
}
