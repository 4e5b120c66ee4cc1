import Foundation
import XKCDKit

/// Draws sync progress on one stderr line of a terminal: bar, done/total, rate, ETA.
final class ProgressBar: @unchecked Sendable {
    // The lock orders writes; progress arrives from the sync task's threads.
    private let lock = NSLock()
    private let width: @Sendable () -> Int

    init(width: @escaping @Sendable () -> Int) {
        self.width = width
    }

    /// Redraws the line for `progress`; a finished phase ends its line.
    func show(_ progress: SyncProgress) {
        lock.withLock {
            let line =
                Style(enabled: true).lineStart + Self.line(for: progress, width: width())
                + (progress.isFinal ? "\n" : "")
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// The text of one progress line, fitted to `width` columns.
    static func line(for progress: SyncProgress, width: Int) -> String {
        let label = progress.phase.rawValue
        let count = "\(progress.done)/\(progress.total)"
        let rate = progress.elapsed > 0.2 ? " \(Int(progress.rate.rounded()))/s" : ""
        let eta =
            progress.remaining.map { $0 >= 1 && progress.done < progress.total ? " ETA \(Self.duration($0))" : "" }
            ?? ""
        let tail = " \(count)\(rate)\(eta)"
        let barWidth = max(10, min(40, width - label.count - tail.count - 4))
        let filled = progress.total > 0 ? barWidth * progress.done / progress.total : barWidth
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        return "\(label) \(bar)\(tail)"
    }

    private static func duration(_ seconds: TimeInterval) -> String {
        let s = Int(seconds.rounded())
        return s < 60 ? "\(s)s" : "\(s / 60)m\(String(format: "%02d", s % 60))s"
    }
}
