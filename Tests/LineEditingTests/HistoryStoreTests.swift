import Foundation
import Testing

@testable import LineEditing

@Suite("HistoryStore")
final class HistoryStoreTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("HistoryStoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    private var file: URL { directory.appendingPathComponent("history") }

    @Test(
        "blank lines and lines with control characters are not recorded",
        arguments: [
            "", "   ", "\u{3000}", "goto 353\n", "a\tb", "red \u{1B}[31m", "bell\u{07}", "\u{85}next line",
        ])
    func rejects(_ line: String) {
        #expect(!HistoryStore.isRecordable(line))
        var store = HistoryStore(fileURL: file)
        let recorded = store.record(line)
        #expect(!recorded)
        #expect(store.entries.isEmpty)
    }

    @Test(
        "ordinary lines, including non-ASCII ones, are recorded",
        arguments: ["goto 353", "search café", "goto 日本", " leading"])
    func accepts(_ line: String) {
        #expect(HistoryStore.isRecordable(line))
    }

    @Test func reenteringALineMovesItToTheEnd() {
        var store = HistoryStore(fileURL: file)
        for line in ["latest", "goto 353", "random", "goto 353"] { store.record(line) }
        #expect(store.entries == ["latest", "random", "goto 353"])
    }

    @Test func trailingWhitespaceIsDroppedSoCompletedLinesDeduplicate() {
        var store = HistoryStore(fileURL: file)
        store.record("goto Python ")
        store.record("goto Python")
        #expect(store.entries == ["goto Python"])
    }

    @Test func theOldestEntriesGoPastTheLimit() {
        var store = HistoryStore(fileURL: file, limit: 3)
        for number in 1...5 { store.record("goto \(number)") }
        #expect(store.entries == ["goto 3", "goto 4", "goto 5"])
    }

    @Test func theDefaultLimitIsAThousand() {
        var store = HistoryStore(fileURL: file)
        for number in 1...1_200 { store.record("goto \(number)") }
        #expect(store.entries.count == 1_000)
        #expect(store.entries.first == "goto 201")
        #expect(store.entries.last == "goto 1200")
    }

    @Test func aZeroLimitRecordsNothing() {
        var store = HistoryStore(fileURL: file, limit: 0)
        let recorded = store.record("latest")
        #expect(!recorded)
        #expect(store.entries.isEmpty)
    }

    @Test func initialEntriesAreNormalised() {
        let store = HistoryStore(fileURL: file, limit: 2, entries: ["a", "b", "", "a", "c\nd", "b"])
        #expect(store.entries == ["a", "b"])
    }

    @Test func aMissingFileIsAnEmptyHistory() throws {
        var store = HistoryStore(fileURL: file, entries: ["stale"])
        try store.load()
        #expect(store.entries.isEmpty)
    }

    @Test func appendWritesOneEntryPerLineAndSurvivesReloading() throws {
        var store = HistoryStore(fileURL: file)
        try store.append("goto 353")
        try store.append("search café")
        try store.append("goto 353")
        #expect(try String(contentsOf: file, encoding: .utf8) == "search café\ngoto 353\n")

        var reloaded = HistoryStore(fileURL: file)
        try reloaded.load()
        #expect(reloaded.entries == ["search café", "goto 353"])
    }

    @Test func aHistoryFileThatIsALinkStaysOneAndItsTargetIsWritten() throws {
        // As a user keeping dotfiles elsewhere links them in.
        let elsewhere = directory.appendingPathComponent("dotfiles", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("xkcd-history")
        try Data("latest\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        var store = HistoryStore(fileURL: file)
        try store.append("goto 353")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "latest\ngoto 353\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["xkcd-history"])

        // A link, relative, to a file not made yet.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "dotfiles/new-history")
        var fresh = HistoryStore(fileURL: file)
        try fresh.append("latest")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == "dotfiles/new-history")
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("new-history"), encoding: .utf8) == "latest\n")
    }

    @Test func theFileIsPrivateAndNoTemporaryFileIsLeftBehind() throws {
        var store = HistoryStore(fileURL: file)
        try store.append("latest")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["history", "history.lock"])
    }

    @Test func sessionsAppendingAtOnceLoseNoLine() throws {
        let file = file
        let failures = DispatchQueue(label: "failures")
        nonisolated(unsafe) var failed: [String] = []
        DispatchQueue.concurrentPerform(iterations: 4) { session in
            var store = HistoryStore(fileURL: file)
            for line in 0..<75 {
                do {
                    try store.append("goto \(session * 1000 + line)")
                } catch {
                    failures.sync { failed.append("\(error)") }
                }
            }
        }
        #expect(failed.isEmpty)
        var reloaded = HistoryStore(fileURL: file)
        try reloaded.load()
        #expect(Set(reloaded.entries).count == 300)
    }

    @Test func appendKeepsWhatAnotherSessionSavedMeanwhile() throws {
        var first = HistoryStore(fileURL: file)
        var second = HistoryStore(fileURL: file)
        try first.append("latest")
        try second.append("random")
        try first.append("goto 1")
        #expect(first.entries == ["latest", "random", "goto 1"])
    }

    @Test func appendingARejectedLineWritesNothing() throws {
        var store = HistoryStore(fileURL: file)
        try store.append("   ")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func loadingRepairsAndFiltersWhatItFinds() throws {
        var bytes = Array("latest\r\ngoto 353\n\nbad\u{1B}[2J\n".utf8)
        bytes += [0x63, 0x61, 0x66, 0xFF, 0x0A]  // "caf" + an invalid byte
        bytes += Array("latest\nno newline at end".utf8)
        try Data(bytes).write(to: file)

        var store = HistoryStore(fileURL: file)
        try store.load()
        #expect(store.entries == ["goto 353", "caf\u{FFFD}", "latest", "no newline at end"])
    }

    @Test func loadingKeepsOnlyTheNewestEntriesWithinTheLimit() throws {
        try (1...10).map { "goto \($0)\n" }.joined().write(to: file, atomically: false, encoding: .utf8)
        var store = HistoryStore(fileURL: file, limit: 4)
        try store.load()
        #expect(store.entries == ["goto 7", "goto 8", "goto 9", "goto 10"])
    }

    @Test func saveCreatesMissingDirectories() throws {
        let nested = directory.appendingPathComponent("a/b/history")
        var store = HistoryStore(fileURL: nested)
        try store.append("latest")
        #expect(FileManager.default.fileExists(atPath: nested.path))
    }

    @Test func anUnwritableLocationIsReportedWithItsPath() throws {
        try Data("not a directory".utf8).write(to: directory.appendingPathComponent("blocker"))
        let inside = directory.appendingPathComponent("blocker/history")
        var store = HistoryStore(fileURL: inside)
        #expect {
            try store.append("latest")
        } throws: { error in
            guard case let .historyUnwritable(path, _) = error as? LineEditingError else { return false }
            return path == inside.path
        }
        #expect(store.entries == ["latest"])
    }

    @Test func anUnreadableFileIsReported() throws {
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        var store = HistoryStore(fileURL: file)
        #expect(throws: LineEditingError.self) { try store.load() }
    }

    @Test func errorMessagesNameTheFile() {
        let error = LineEditingError.historyUnwritable(path: "/x/history", reason: "Permission denied")
        #expect(error.description == "cannot write history file /x/history: Permission denied")
        #expect(error.localizedDescription == error.description)
    }
}
