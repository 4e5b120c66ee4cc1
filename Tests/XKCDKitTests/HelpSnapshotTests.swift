import TestSupport
import Testing
@testable import XKCDKit

/// The help screens, word for word. `XKCD_UPDATE_SNAPSHOTS=1 swift test` rewrites them.
@Suite struct HelpSnapshotTests {
    private static let plain = Style(enabled: false)

    @Test func programHelp() {
        #expect(CheckedInFile("Tests/Snapshots/help.txt").matches(ProgramHelp.render()), "xkcd --help changed")
    }

    @Test func commandList() {
        #expect(
            CheckedInFile("Tests/Snapshots/help-commands.txt").matches(HelpText.render(topic: nil, style: Self.plain)))
    }

    @Test func oneCommand() {
        #expect(
            CheckedInFile("Tests/Snapshots/help-goto.txt").matches(HelpText.render(topic: "goto", style: Self.plain)))
    }

    @Test func more() {
        #expect(
            CheckedInFile("Tests/Snapshots/help-more.txt").matches(HelpText.render(topic: "more", style: Self.plain)))
    }

    @Test func programHelpAtFortyColumns() {
        #expect(CheckedInFile("Tests/Snapshots/help-40.txt").matches(ProgramHelp.render(width: 40)))
    }

    @Test func oneCommandAtFortyColumns() {
        #expect(
            CheckedInFile("Tests/Snapshots/help-share-40.txt").matches(
                HelpText.render(topic: "share", style: Self.plain, width: 40)))
    }

    @Test func programHelpFitsEightyColumns() {
        #expect(ProgramHelp.render().split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    /// Every screen of help at `width`: the program's, the command list, and each command's.
    private static func screens(width: Int) -> [String] {
        [ProgramHelp.render(width: width), HelpText.render(topic: nil, style: plain, width: width)]
            + CommandSpec.all.map { HelpText.render(topic: $0.name, style: plain, width: width) }
    }

    private static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }

    @Test(arguments: [40, 52, 60, 72, 80, 100, 120])
    func helpFitsTheWidthWithWordsWhole(width: Int) {
        let unbounded = Self.screens(width: 10_000)
        for (screen, whole) in zip(Self.screens(width: width), unbounded) {
            let wide = screen.split(separator: "\n").filter { DisplayWidth.of($0) > width }
            #expect(wide.isEmpty, "wider than \(width): \(wide)")
            // Fitting only moves line breaks: a cut word would show up as two.
            #expect(Self.words(screen) == Self.words(whole), "words changed at \(width) columns")
        }
    }

    @Test func narrowHelpFitsEvenWhereLongWordsMustBreak() {
        for width in 20..<40 {
            for screen in Self.screens(width: width) {
                #expect(screen.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= width }, "\(width)")
            }
        }
    }

    @Test func aNarrowCommandListPutsEachSummaryUnderItsUsage() {
        let lines = HelpText.render(topic: nil, style: Self.plain, width: 40).split(separator: "\n")
        let goto = lines.firstIndex(of: "  goto N | TITLE, g")
        #expect(goto.map { lines[$0 + 1] } == "      go to a comic by number or title")
        // A usage too long for a line breaks between its option groups.
        #expect(lines.contains("    [--text | --mailto | --markdown]"))
    }

    @Test func wideHelpKeepsCommandDetailsAsWritten() {
        let details = CommandSpec.named("goto")!.details
        #expect(HelpText.render(topic: "goto", style: Self.plain, width: 100).hasSuffix("\n\n" + details + "\n"))
    }
}
