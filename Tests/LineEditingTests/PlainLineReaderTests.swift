import Foundation
import Testing

@testable import LineEditing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("PlainLineReader")
struct PlainLineReaderTests {
    // Reads `bytes` through a PlainLineReader over a temporary file until the end of input.
    private func events(for bytes: [UInt8]) throws -> [LineEvent] {
        try read(bytes).events
    }

    // The events of `bytes` and how many times the reader read from the file.
    private func read(_ bytes: [UInt8]) throws -> (events: [LineEvent], systemReads: Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { _ = close(descriptor) }
        let reader = PlainLineReader(fileDescriptor: descriptor)
        var events: [LineEvent] = []
        while true {
            let event = reader.read(prompt: "ignored> ")
            events.append(event)
            if event == .endOfFile { break }
        }
        #expect(reader.read(prompt: "") == .endOfFile)
        return (events, reader.systemReads)
    }

    @Test func linesLoseTheirNewlinesAndCarriageReturns() throws {
        #expect(
            try events(for: Array("latest\r\ngoto 353\n\nlast".utf8)) == [
                .line("latest"), .line("goto 353"), .line(""), .line("last"), .endOfFile,
            ])
    }

    @Test func emptyInputIsImmediatelyTheEnd() throws {
        #expect(try events(for: []) == [.endOfFile])
    }

    @Test func invalidUTF8IsRepaired() throws {
        #expect(
            try events(for: [0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20, 0xFF, 0xC3, 0x0A]) == [
                .line("café \u{FFFD}\u{FFFD}"), .endOfFile,
            ])
    }

    @Test func longLinesAcrossManyReadsComeBackWhole() throws {
        let long = String(repeating: "日本語 and ASCII ", count: 10_000)
        #expect(
            try events(for: Array("\(long)\nshort\n\(long)".utf8)) == [
                .line(long), .line("short"), .line(long), .endOfFile,
            ])
    }

    @Test func aThousandLinesAreReadInOrder() throws {
        let lines = (1...1_000).map { "goto \($0)" }
        let expected = lines.map(LineEvent.line) + [.endOfFile]
        let result = try read(Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.events == expected)
        // All of them in one read of a chunk, and one more that finds the end.
        #expect(result.systemReads == 2)
    }

    @Test func aPipeDeliveringLinesInPiecesIsReassembled() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        defer { _ = close(readEnd) }
        let writer = Thread {
            for piece in ["goto ", "35", "3\nsear", "ch caf", "\u{e9}\n", "latest"] {
                _ = Array(piece.utf8).withUnsafeBytes { write(writeEnd, $0.baseAddress!, $0.count) }
                usleep(2_000)
            }
            _ = close(writeEnd)
        }
        writer.start()
        let reader = PlainLineReader(fileDescriptor: readEnd)
        #expect(reader.read(prompt: "") == .line("goto 353"))
        #expect(reader.read(prompt: "") == .line("search café"))
        #expect(reader.read(prompt: "") == .line("latest"))
        #expect(reader.read(prompt: "") == .endOfFile)
    }
}
