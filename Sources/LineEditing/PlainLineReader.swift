#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads command lines from a file descriptor (standard input by default) when it is not a terminal:
/// no prompt, no escapes, no history. Invalid UTF-8 is repaired; a trailing "\n" or "\r\n" is removed.
package final class PlainLineReader: LineReader {
    private static let chunkSize = 64 * 1024

    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    // Bytes before `start` were already returned; bytes in start..<scanned hold no newline.
    private var start = 0
    private var scanned = 0
    private var reachedEnd = false
    private var chunk: [UInt8]
    /// How many times it asked the system for bytes: a chunk at a time, not a line or a byte.
    private(set) var systemReads = 0

    /// Creates a reader over `fileDescriptor`, which it does not close.
    package init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
        self.chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Returns the next line, ignoring `prompt`; a last line without a newline is still a line.
    package func read(prompt: String) -> LineEvent {
        while true {
            if let newline = nextNewline() {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                scanned = start
                return .line(line)
            }
            scanned = buffer.count
            if reachedEnd {
                guard start < buffer.count else { return .endOfFile }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                scanned = start
                return .line(line)
            }
            fill()
        }
    }

    /// The next line if it can be had without waiting (buffered, or readable now, or the end
    /// of input); nil when reading would wait.
    package func readyLine() -> LineEvent? {
        if reachedEnd || nextNewline() != nil { return read(prompt: "") }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return nil }
        fill()
        return reachedEnd || nextNewline() != nil ? read(prompt: "") : nil
    }

    /// Does nothing: plain input has no history.
    package func addHistory(_ line: String) {}

    /// Does nothing: the descriptor belongs to the caller and there is no terminal state.
    package func close() {}

    private func nextNewline() -> Int? {
        guard scanned < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            let base = bytes.baseAddress! + scanned
            guard let found = memchr(base, Int32(UInt8(ascii: "\n")), bytes.count - scanned) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
        }
    }

    private func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        while true {
            systemReads += 1
            let count = chunk.withUnsafeMutableBytes { Self.systemRead(fileDescriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, -1)
                continue
            }
            // End of input, or an error that more reading will not fix.
            reachedEnd = true
            return
        }
    }

    // The `read(prompt:)` member hides the C function of the same name inside the class.
    private static func systemRead(_ descriptor: Int32, _ destination: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, destination, count)
        #else
            Darwin.read(descriptor, destination, count)
        #endif
    }
}
