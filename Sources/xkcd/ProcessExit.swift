import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the process, after any libcurl load still running on another thread (exiting in the
/// middle of one can crash or hang the process).
enum ProcessExit {
    static func now(_ status: Int32) -> Never {
        CurlTransport.waitForPreload()
        exit(status)
    }
}
