/// The C client, handed only to the thread-safe `xkcd_http_*` functions.
struct CurlClient: @unchecked Sendable {
    let pointer: OpaquePointer
}
