import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Inputs `make fuzz` found breaking a promise, kept under Fixtures/fuzz/crashes/TARGET/ and run
/// through the same checks, plus the same bugs written out by hand; and the seeds every fuzz run
/// starts from, which must hold every promise too.
@Suite struct FuzzRegressionTests {
    static let fixtures = ComicArchive.locateFixtures()
    static let directory = fixtures.appendingPathComponent("fuzz/crashes")

    /// Every file under the folder, as a path inside it.
    static var kept: [String] {
        let names = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    // A kept input the replay cannot give to a target would be kept for nothing.
    @Test func everyKeptInputIsInTheFolderOfItsTarget() {
        #expect(!Self.kept.isEmpty, "nothing under \(Self.directory.path)")
        for path in Self.kept {
            let parts = path.split(separator: "/")
            #expect(parts.count == 2 && FuzzTarget(rawValue: String(parts[0])) != nil, "\(path) is not TARGET/NAME")
        }
    }

    /// The seeds scripts/fuzz.sh gives `target`, each named by its file.
    static func seeds(for target: FuzzTarget) throws -> [(name: String, data: Data)] {
        func files(in folder: String, _ extensions: Set<String>? = nil) throws -> [URL] {
            try FileManager.default.contentsOfDirectory(
                at: fixtures.appendingPathComponent(folder), includingPropertiesForKeys: nil
            ).filter { extensions?.contains($0.pathExtension) ?? true }.sorted { $0.path < $1.path }
        }
        let seeds: [URL]
        var lead = Data()
        switch target {
        case .commands: seeds = try files(in: "fuzz/commands")
        case .text, .json: seeds = try files(in: "comics", ["json"])
        case .wiki:
            seeds = try files(in: "explain", ["wiki"])
            // The first byte is the layout width.
            lead = Data("P".utf8)
        case .image: seeds = try files(in: "images", ["png", "jpg", "gif"])
        }
        return try seeds.map { ($0.lastPathComponent, lead + (try Data(contentsOf: $0))) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedHoldsEveryPromise(_ target: FuzzTarget) throws {
        let seeds = try Self.seeds(for: target)
        #expect(!seeds.isEmpty, "no seeds for \(target)")
        for seed in seeds {
            let broken = seed.data.withUnsafeBytes { target.check($0.bindMemory(to: UInt8.self)) }
            #expect(broken == [], "\(target) \(seed.name)")
        }
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
