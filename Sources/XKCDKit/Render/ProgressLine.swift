#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A sync phase's progress as one line of a terminal, `comics ████░░░░ 120/400 35/s ETA 8s`,
/// never wider than the terminal: where it does not fit, the rate goes first, then the ETA,
/// then the label shortens, then the bar; the count always stays. A phase with nothing to do
/// says so instead of drawing a bar.
package enum ProgressLine {
    /// The most cells a bar takes.
    static let longestBar = 40
    /// The fewest cells a bar takes before the label shortens.
    static let shortestBar = 10
    /// The fewest cells a bar takes at all.
    static let stubBar = 3
    /// The fewest columns a shortened label keeps, its ellipsis included.
    static let shortestLabel = 4

    /// The line for `progress` on a terminal `width` columns wide. The last column stays empty,
    /// so that no terminal wraps the line.
    package static func text(for progress: SyncProgress, width: Int) -> String {
        let room = width - 1
        let label = progress.phase.rawValue
        guard progress.total > 0 else {
            let news = progress.phase == .comics || progress.phase == .images ? "all stored" : "all up to date"
            let labelRoom = room - DisplayWidth.of(": " + news)
            guard labelRoom >= shortestLabel else { return news }
            return DisplayWidth.truncated(label, to: labelRoom) + ": " + news
        }
        let count = " \(progress.done)/\(progress.total)"
        let rate = progress.elapsed > 0.2 ? " \(Int(progress.rate.rounded()))/s" : ""
        let eta =
            progress.remaining.map { $0 >= 1 && progress.done < progress.total ? " ETA \(duration($0))" : "" } ?? ""
        for tail in [count + rate + eta, count + eta, count] {
            let cells = min(longestBar, room - DisplayWidth.of(label) - 1 - DisplayWidth.of(tail))
            if cells >= shortestBar { return "\(label) \(bar(progress, cells: cells))\(tail)" }
        }
        let countWidth = DisplayWidth.of(count)
        let labelRoom = room - 1 - shortestBar - countWidth
        if labelRoom >= shortestLabel {
            return "\(DisplayWidth.truncated(label, to: labelRoom)) \(bar(progress, cells: shortestBar))\(count)"
        }
        let short = DisplayWidth.truncated(label, to: shortestLabel)
        let cells = room - shortestLabel - 1 - countWidth
        if cells >= stubBar { return "\(short) \(bar(progress, cells: cells))\(count)" }
        if room >= shortestLabel + countWidth { return short + count }
        return String(count.dropFirst())
    }

    private static func bar(_ progress: SyncProgress, cells: Int) -> String {
        let filled = min(cells, cells * progress.done / progress.total)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
    }

    private static func duration(_ seconds: TimeInterval) -> String {
        let s = Int(seconds.rounded())
        return s < 60 ? "\(s)s" : "\(s / 60)m\(NumberText.zeroPadded(s % 60, width: 2))s"
    }
}
