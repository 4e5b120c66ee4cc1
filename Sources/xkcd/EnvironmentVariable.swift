import Foundation

/// One variable of the process environment. getenv reads it in place, where
/// `ProcessInfo.processInfo.environment` builds a dictionary of every variable on each use.
enum EnvironmentVariable {
    /// The value of `name`, nil when unset.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
