import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws sync progress on one stderr line of a terminal (``ProgressLine`` says what it holds).
final class ProgressBar: Sendable {
    // The lock orders writes; progress arrives from the sync task's threads.
    private let lock = Lock(())
    private let width: @Sendable () -> Int

    /// A bar as wide as `width` says, asked at each redraw.
    init(width: @escaping @Sendable () -> Int) {
        self.width = width
    }

    /// Redraws the line for `progress`; a finished phase ends its line.
    func show(_ progress: SyncProgress) {
        lock.withLock { _ in
            let line =
                Style(enabled: true).lineStart + ProgressLine.text(for: progress, width: width())
                + (progress.isFinal ? "\n" : "")
            Output.writeAll(STDERR_FILENO, line)
        }
    }
}
