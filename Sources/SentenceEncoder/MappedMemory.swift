#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory mapped with mmap, unmapped when the last reference goes: a file mapped read-only
/// (the model's embedding table is read from it row by row, so only the rows used take
/// memory), or anonymous memory filled once by its creator and read-only after that.
final class MappedMemory: @unchecked Sendable {
    // @unchecked Sendable: after `init(bytes:fill:)` returns, nothing writes to the memory.
    let bytes: UnsafeRawBufferPointer

    struct OpenError: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws(OpenError) {
        // Without waiting: a FIFO with no writer would block the open, before its kind is known.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw OpenError(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw OpenError(description: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw OpenError(description: "not a regular file") }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw OpenError(description: String(cString: strerror(errno)))
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// `count` bytes written by `fill`, in pages of the usual size: asking for huge pages made
    /// a load faster on average but, where the kernel compacts memory to find them, several
    /// times slower now and then.
    init(bytes count: Int, fill: (UnsafeMutableRawPointer) -> Void) {
        let size = max(count, 1)
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { fatalError("out of memory for \(size) bytes") }
        fill(address)
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let address = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: address), bytes.count) }
    }

    /// The little-endian float at `offset`.
    func float(at offset: Int) -> Float {
        Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}
