/// A shell that `xkcd` has a completion script for.
package enum CompletionShell: String, Sendable, CaseIterable {
    /// GNU bash 4 or later.
    case bash
    /// The Z shell.
    case zsh
    /// The friendly interactive shell.
    case fish
}
