import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Inputs `make fuzz` found breaking a promise, kept under Fixtures/fuzz/crashes/TARGET/ and run
/// through the same checks, plus the same bugs written out by hand.
@Suite struct FuzzRegressionTests {
    static let directory = ComicArchive.locateFixtures().appendingPathComponent("fuzz/crashes")

    static var kept: [String] {
        let names = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.contains("/") }.sorted()
    }

    @Test func somethingIsKept() {
        #expect(!Self.kept.isEmpty)
    }

    @Test(arguments: kept)
    func keptInputHoldsEveryPromise(_ path: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(path.prefix(while: { $0 != "/" }))))
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(path))
        let broken = data.withUnsafeBytes { target.check($0.bindMemory(to: UInt8.self)) }
        #expect(broken == [])
    }

    @Test func preformattedWikitextIsSanitized() throws {
        let document = try WikiMarkup.document(from: "Intro.\n \u{1B}[2Jcleared\u{0}\u{202E}\n")
        let text = WikiLayout(width: 80, style: Style(enabled: false), hyperlinks: false).lines(document).joined(
            separator: "\n")
        #expect(text == "Intro.\n\n  [2Jcleared")
    }
}
