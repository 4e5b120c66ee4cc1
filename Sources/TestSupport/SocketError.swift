#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX socket call failed while starting a test server.
public struct SocketError: Error, CustomStringConvertible {
    /// The call that failed, e.g. `bind 127.0.0.1:8080`.
    public let operation: String
    /// The `errno` it left.
    public let code: Int32

    /// `bind 127.0.0.1:8080: Address already in use`.
    public var description: String {
        "\(operation): \(String(cString: strerror(code)))"
    }
}
