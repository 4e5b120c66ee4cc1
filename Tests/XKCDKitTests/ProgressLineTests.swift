import Testing

@testable import XKCDKit

/// The sync progress line: never wider than the terminal, the count always there.
@Suite struct ProgressLineTests {
    private static let samples: [SyncProgress] = [SyncProgress.Phase.comics, .images, .explanations].flatMap { phase in
        [
            SyncProgress(phase: phase, done: 0, total: 3280, elapsed: 0),
            SyncProgress(phase: phase, done: 120, total: 400, elapsed: 3.4),
            SyncProgress(phase: phase, done: 2999, total: 3280, elapsed: 0.9),
            SyncProgress(phase: phase, done: 1, total: 3280, elapsed: 7_200),
            SyncProgress(phase: phase, done: 3280, total: 3280, elapsed: 12, isFinal: true),
        ]
    }

    @Test func neverWiderThanTheTerminalAndAlwaysCounting() {
        for width in 20...200 {
            for progress in Self.samples {
                let line = ProgressLine.text(for: progress, width: width)
                #expect(DisplayWidth.of(line) < width, "\(width): \(line)")
                #expect(line.contains("\(progress.done)/\(progress.total)"), "\(width): \(line)")
            }
        }
    }

    @Test func aWideTerminalGetsEverything() {
        let progress = SyncProgress(phase: .comics, done: 120, total: 400, elapsed: 3.4)
        let line = ProgressLine.text(for: progress, width: 100)
        #expect(
            line == "comics " + String(repeating: "█", count: 12) + String(repeating: "░", count: 28)
                + " 120/400 35/s ETA 8s")
    }

    @Test func theRateGoesFirstThenTheETAThenTheLabelShortensThenTheBar() {
        let progress = SyncProgress(phase: .explanations, done: 120, total: 400, elapsed: 3.4)
        let bar = { (filled: Int, empty: Int) in
            String(repeating: "█", count: filled) + String(repeating: "░", count: empty)
        }
        #expect(ProgressLine.text(for: progress, width: 50) == "explanations \(bar(4, 12)) 120/400 35/s ETA 8s")
        #expect(ProgressLine.text(for: progress, width: 43) == "explanations \(bar(4, 10)) 120/400 ETA 8s")
        #expect(ProgressLine.text(for: progress, width: 35) == "explanations \(bar(3, 10)) 120/400")
        #expect(ProgressLine.text(for: progress, width: 30) == "explanati… \(bar(3, 7)) 120/400")
        #expect(ProgressLine.text(for: progress, width: 22) == "exp… \(bar(2, 6)) 120/400")
        #expect(ProgressLine.text(for: progress, width: 16) == "exp… 120/400")
        #expect(ProgressLine.text(for: progress, width: 8) == "120/400")
    }

    @Test func aPhaseWithNothingToDoDrawsNoBar() {
        let comics = ProgressLine.text(for: SyncProgress(phase: .comics, done: 0, total: 0, elapsed: 0), width: 80)
        #expect(comics == "comics: all stored")
        let explanations = SyncProgress(phase: .explanations, done: 0, total: 0, elapsed: 0.5, isFinal: true)
        #expect(ProgressLine.text(for: explanations, width: 80) == "explanations: all up to date")
        #expect(ProgressLine.text(for: explanations, width: 21) == "exp…: all up to date")
        #expect(ProgressLine.text(for: explanations, width: 20) == "all up to date")
        #expect(!ProgressLine.text(for: explanations, width: 20).contains("█"))
    }
}
