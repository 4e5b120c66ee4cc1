#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why line editing or its history could not do what was asked.
package enum LineEditingError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// Standard input is not a terminal, so there is nothing to edit on.
    case notATerminal
    /// libedit could not be initialised.
    case editorUnavailable
    /// The history file exists but could not be read.
    case historyUnreadable(path: String, reason: String)
    /// The history file could not be written.
    case historyUnwritable(path: String, reason: String)

    /// A one-line, lower-case message naming what went wrong.
    package var description: String {
        switch self {
        case .notATerminal:
            "standard input is not a terminal"
        case .editorUnavailable:
            "cannot initialise line editing (libedit)"
        case let .historyUnreadable(path, reason):
            "cannot read history file \(path): \(reason)"
        case let .historyUnwritable(path, reason):
            "cannot write history file \(path): \(reason)"
        }
    }

    /// The same message as `description`, for `localizedDescription`.
    package var errorDescription: String? { description }
}
