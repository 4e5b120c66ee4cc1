import Testing
import TestSupport
import XKCDKit

/// The completion scripts are generated and checked in; these fail when they were not
/// regenerated after a change.
@Suite struct GeneratedFilesTests {
    @Test(arguments: CompletionShell.allCases)
    func completionScriptIsCurrent(_ shell: CompletionShell) {
        let file = "completions/\(CompletionScript.fileName(shell))"
        #expect(CheckedInFile(file).matches(CompletionScript.render(shell)), "\(file) is stale: run make completions")
    }
}
