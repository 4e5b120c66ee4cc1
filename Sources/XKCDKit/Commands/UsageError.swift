#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A command line that cannot be run as written (exit status 2 one-shot).
package struct UsageError: Error, Equatable, Sendable, LocalizedError {
    /// The one-line message shown after `error: `.
    package var message: String

    /// Creates an error with `message`.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var errorDescription: String? { message }

    /// A user-typed word made safe and short enough to quote in a message.
    static func quote(_ word: String) -> String {
        "'\(TerminalSanitizer.brief(word))'"
    }
}
