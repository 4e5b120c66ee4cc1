import TestSupport
import Testing
import XKCDKit

/// The help screens, word for word. `XKCD_UPDATE_SNAPSHOTS=1 swift test` rewrites them.
@Suite struct HelpSnapshotTests {
    @Test func programHelp() {
        #expect(CheckedInFile("Tests/Snapshots/help.txt").matches(ProgramHelp.render()), "xkcd --help changed")
    }

    @Test func commandList() {
        #expect(
            CheckedInFile("Tests/Snapshots/help-commands.txt").matches(
                HelpText.render(topic: nil, style: Style(enabled: false))))
    }

    @Test func oneCommand() {
        #expect(
            CheckedInFile("Tests/Snapshots/help-goto.txt").matches(
                HelpText.render(topic: "goto", style: Style(enabled: false))))
    }

    @Test func programHelpFitsEightyColumns() {
        #expect(ProgramHelp.render().split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
