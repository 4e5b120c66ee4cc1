#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX socket call failed while starting a test server.
package struct SocketError: Error, CustomStringConvertible {
    /// The call that failed, e.g. `bind 127.0.0.1:8080`.
    package let operation: String
    /// The `errno` it left.
    package let code: Int32

    /// `bind 127.0.0.1:8080: Address already in use`.
    package var description: String {
        "\(operation): \(String(cString: strerror(code)))"
    }
}
