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

/// Environment variables, read one at a time: the process's own through getenv, which spares
/// building a dictionary of every variable at start-up, or given ones in tests.
package struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    private let lookup: @Sendable (String) -> String?
    private let everything: @Sendable () -> [String: String]

    private init(
        lookup: @escaping @Sendable (String) -> String?, everything: @escaping @Sendable () -> [String: String]
    ) {
        self.lookup = lookup
        self.everything = everything
    }

    /// The variables of `variables`.
    package init(_ variables: [String: String]) {
        lookup = { variables[$0] }
        everything = { variables }
    }

    /// The variables listed.
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The process's environment.
    package static let process = Environment(
        lookup: { name in getenv(name).map { String(cString: $0) } },
        everything: { ProcessInfo.processInfo.environment })

    /// The value of `name`, nil when unset.
    package subscript(_ name: String) -> String? {
        lookup(name)
    }

    /// Every variable, for what is handed them whole (the facts an image is drawn from).
    package var all: [String: String] {
        everything()
    }
}
