import Foundation

/// One direction of a ``DelayProxy`` connection: bytes read from `source` are written to
/// `destination` `delay` after they arrived, in order, and the end of the stream is passed on
/// as late as the bytes before it.
final class DelayedPipe: @unchecked Sendable {
    private let source: Int32
    private let destination: Int32
    private let delay: TimeInterval
    // Guarded by `condition`: what was read and when it is due, nil marking the end.
    private let condition = NSCondition()
    private var queue: [(due: Date, bytes: Data?)] = []
    private let ended: @Sendable () -> Void

    /// Starts moving bytes from `source` to `destination` on two threads; each calls `ended`
    /// once it will touch neither descriptor again.
    init(from source: Int32, to destination: Int32, delay: TimeInterval, ended: @escaping @Sendable () -> Void) {
        self.source = source
        self.destination = destination
        self.delay = delay
        self.ended = ended
        Thread.detachNewThread { [self] in read() }
        Thread.detachNewThread { [self] in write() }
    }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = POSIXSocket.receive(source, into: &buffer)
            let bytes = count > 0 ? Data(buffer[0..<count]) : nil
            condition.withLock {
                queue.append((Date().addingTimeInterval(delay), bytes))
                condition.signal()
            }
            if bytes == nil { break }
        }
        ended()
    }

    private func write() {
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let (due, bytes) = queue.removeFirst()
            condition.unlock()
            let wait = due.timeIntervalSinceNow
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            guard let bytes, POSIXSocket.sendAll(destination, bytes) else { break }
        }
        // The end (or a peer gone) travels on, and the reader of `source` stops too.
        POSIXSocket.shutdownWrite(destination)
        POSIXSocket.shutdownBoth(source)
        ended()
    }
}
