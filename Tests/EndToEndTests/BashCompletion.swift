import Foundation
import TestSupport
import Testing

/// The bash completion script for real: sourced into bash, its function found with
/// `complete -p xkcd` and called the way readline calls it, answered by the built binary.
struct BashCompletion {
    let xkcd: XKCDBinary
    var script = CheckedInFile("completions/xkcd.bash").url
    var binaryDirectory = XKCDBinary.url.deletingLastPathComponent()

    // Sources the script, finds its function with `complete -p`, sets COMP_WORDS, COMP_CWORD,
    // COMP_LINE and COMP_POINT for the words given (the last is the one being completed, the
    // cursor at its end), calls the function as readline does and prints COMPREPLY, one a line.
    private static let driver = #"""
        source "$1" || exit 3
        spec=$(complete -p xkcd) || exit 4
        function=${spec##*-F }
        function=${function%% *}
        COMP_WORDS=("${@:2}")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMP_LINE="${COMP_WORDS[*]}"
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        "$function" xkcd "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}"
        """#

    /// COMPREPLY for `words` as typed (quotes and backslashes included), the last being completed.
    func complete(_ words: String..., environment: [String: String] = [:]) throws -> [String] {
        try complete(words, environment: environment)
    }

    /// COMPREPLY for `words` as typed (quotes and backslashes included), the last being completed.
    func complete(_ words: [String], environment: [String: String] = [:]) throws -> [String] {
        var env = xkcd.environment.merging(environment) { _, new in new }
        env["PATH"] = binaryDirectory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        let run = try ChildProcess.run(
            "/bin/bash", ["--norc", "--noprofile", "-c", Self.driver, "bash", script.path] + words,
            environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }
}
