import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// The completion scripts and the man page are generated from the command definitions and
/// checked in; these fail when a definition changed and the files were not regenerated.
@Suite struct GeneratedFilesTests {
    @Test(arguments: CompletionShell.allCases)
    func completionScriptIsCurrent(_ shell: CompletionShell) {
        let file = "completions/\(CompletionScript.fileName(shell))"
        #expect(CheckedInFile(file).matches(CompletionScript.render(shell)), "\(file) is stale: run make completions")
    }

    @Test func manPageIsCurrent() {
        #expect(CheckedInFile("xkcd.1").matches(ManPage.render()), "xkcd.1 is stale: run make man")
    }

    @Test func manPageNamesEveryCommandOptionAndVariable() {
        let page = ManPage.render()
        for spec in CommandSpec.all {
            #expect(page.contains("\n\\fB\(ManPage.inline(spec.name))\\fR"), "\(spec.name)")
        }
        for option in GlobalOptionSpec.shown {
            #expect(page.contains("\\fB\(ManPage.inline(option.names[0]))\\fR"), "\(option.names[0])")
            if let variable = option.fallback.variable { #expect(page.contains(".B \(variable)\n")) }
        }
        #expect(!GlobalOptionSpec.all.filter(\.hidden).contains { page.contains(ManPage.inline($0.names[0])) })
    }

    @Test func manPageRendersWithoutWarnings() throws {
        guard
            let groff = ["/usr/bin/groff", "/usr/local/bin/groff", "/opt/homebrew/bin/groff"]
                .first(where: FileManager.default.isExecutableFile(atPath:))
        else {
            Issue.record("groff is missing (make test installs groff-base)")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-\(UUID().uuidString).1")
        try Data(ManPage.render().utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // -P-cbou: plain text, no escapes or overstrikes.
        let run = try ChildProcess.run(
            groff, ["-man", "-Tutf8", "-ww", "-P-cbou", scratch.path], environment: ["LANG": "C.UTF-8"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "groff warns: \(run.stderr)")
        let rendered = run.stdout
        for heading in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
        ] {
            #expect(rendered.contains("\n\(heading)\n"), "\(heading)")
        }
        #expect(rendered.contains("goto N | TITLE (g)"))
    }
}
