#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Renderer {
    /// `cache stats`: one labelled row a fact.
    func statsText(_ stats: CacheStats) -> String {
        let images =
            "\(stats.images), \(Self.unbroken(ByteCount.format(stats.imageBytes))) "
            + "(cap \(Self.unbroken(ByteCount.format(stats.imageCacheLimit))), favorites' not counted)"
        let rows: [(String, String)] = [
            ("comics", "\(stats.comics) stored" + (stats.newest.map { " (newest known #\($0))" } ?? "")),
            ("images", images),
            ("favorites", "\(stats.favorites)"),
            (
                "explained",
                "\(stats.explanations) explainxkcd pages, \(Self.unbroken(ByteCount.format(stats.explanationBytes)))"
            ),
            ("database", ByteCount.format(stats.databaseBytes)),
            ("data dir", TerminalSanitizer.sanitize(stats.dataDirectory, multiline: false)),
        ]
        return block(
            rows.flatMap { label, value in
                let padded = DisplayWidth.padded(label, to: 10)
                return sentence(value, after: padded + " ", styled: style.bold(padded) + " ")
            })
    }

    /// What `cache clear` deleted, and the space it gave back.
    func clearedText(_ cleared: CacheCleared) -> String {
        let (before, after) = (
            ByteCount.format(cleared.databaseBytesBefore), ByteCount.format(cleared.databaseBytesAfter)
        )
        return block(
            sentence("deleted \(Self.items(cleared.deleted)); favorites kept")
                + (cleared.leftovers.count > 0 ? sentence("also removed \(cleared.leftovers.text)") : [])
                + sentence(
                    before == after
                        ? "the database stayed at \(Self.unbroken(after))"
                        : "the database went from \(Self.unbroken(before)) to \(Self.unbroken(after))")
                + (cleared.spaceNotReclaimed.map {
                    sentence(
                        "its space was not given back (\($0)); 'cache clear' again gives it back once there is room")
                } ?? []))
    }

    /// The question `cache clear` asks on a terminal before it deletes anything.
    func clearQuestion(_ stats: CacheStats) -> String {
        "Delete \(Self.items(stats.clearable)) (the database is \(ByteCount.format(stats.databaseBytes)))? "
            + "Favorites are kept."
    }

    // "2,600 comics, 0 images and 2,600 explanations".
    private static func items(_ items: ClearableItems) -> String {
        "\(counted(items.comics, "comic")), \(counted(items.images, "image")) and "
            + counted(items.explanations, "explanation")
    }

    // `count` and its noun, the digits grouped in thousands: "1 comic", "2,600 comics".
    private static func counted(_ count: Int, _ noun: String) -> String {
        let digits = Array(String(count.magnitude))
        var grouped = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return "\(grouped) \(count == 1 ? noun : noun + "s")"
    }

    /// What a sync stored, and what it could not fetch.
    func syncText(_ summary: SyncSummary) -> String {
        let stored = summary.stored
        var lines: [String] = []
        if summary.cancelled {
            // The index by meaning is built last: a sync stopped there has fetched everything.
            let rest = summary.meaningsMade > 0 ? "index the rest by meaning" : "fetch the rest"
            lines.append(
                "sync stopped: \(summary.fetched) new comics stored (\(stored) in all); "
                    + "run the same 'sync' again to \(rest)")
        } else {
            lines.append(
                "synced: \(stored) comics stored (\(summary.fetched) new) "
                    + "in \(Self.unbroken(Self.seconds(summary.seconds))), newest #\(summary.newest)")
        }
        if !summary.missing.isEmpty {
            lines.append("not on the server: " + Self.numberList(summary.missing))
        }
        if !summary.failed.isEmpty {
            lines.append(Self.notFetched(summary.failed, retry: "sync"))
        }
        if summary.imagesFetched > 0 || !summary.imagesFailed.isEmpty {
            lines.append("\(summary.imagesFetched) images fetched")
        }
        if !summary.imagesFailed.isEmpty {
            lines.append(Self.notFetched(summary.imagesFailed, what: "images", retry: "sync --images"))
            if let reason = summary.imageError { lines.append("  the last failure: \(reason)") }
        }
        return block(
            (lines + explanationLines(summary)).flatMap { line in
                // The last failure's reason is indented under the line it explains.
                line.hasPrefix("  ") ? sentence(String(line.dropFirst(2)), after: "  ", indent: 4) : sentence(line)
            })
    }

    private func explanationLines(_ summary: SyncSummary) -> [String] {
        var lines: [String] = []
        if summary.explanationRequests > 0 {
            let requests = summary.explanationRequests == 1 ? "1 request" : "\(summary.explanationRequests) requests"
            lines.append("\(summary.explanationsFetched) explanations stored (\(requests) to explainxkcd)")
        }
        if !summary.explanationsMissing.isEmpty {
            lines.append("explainxkcd has no page yet for " + Self.numberList(summary.explanationsMissing))
        }
        if !summary.explanationsFailed.isEmpty {
            lines.append(
                Self.notFetched(summary.explanationsFailed, what: "explanations", retry: "sync"))
            if let reason = summary.explanationError { lines.append("  the last failure: \(reason)") }
        }
        if summary.meaningsMade > 0 {
            lines.append("\(summary.meaningsMade) \(summary.meaningsMade == 1 ? "comic" : "comics") indexed by meaning")
        }
        if summary.meaningsPending > 0 {
            let count = summary.meaningsPending
            lines.append(
                "indexing \(count) \(count == 1 ? "comic" : "comics") by meaning in the background; "
                    + "search by words works now, and a search says how far the index is")
        }
        if let reason = summary.meaningError { lines.append("not indexed by meaning: \(reason)") }
        return lines
    }

    // "N <what> could not be fetched (#…)", and the command that retries them.
    private static func notFetched(_ numbers: [Int], what: String? = nil, retry: String? = nil) -> String {
        let count = what.map { "\(numbers.count) \($0)" } ?? "\(numbers.count)"
        let line = "\(count) could not be fetched (\(numberList(numbers)))"
        return retry.map { line + " — run '\($0)' again to retry" } ?? line
    }

    private static func numberList(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(8).map { "#\($0)" }.joined(separator: ", ")
        return numbers.count > 8 ? shown + ", …" : shown
    }

    private static func seconds(_ t: TimeInterval) -> String {
        t < 10 ? NumberText.fixed(t, decimals: 1) + " s" : "\(Int(t.rounded())) s"
    }
}

/// Human-readable sizes: `950 B`, `32 KB`, `1.2 MB` (powers of 1000, as disks are sold).
enum ByteCount {
    /// `bytes` in the largest unit that keeps the number at least 1.
    static func format(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }
}

extension Renderer {
    /// The settings file, then one line a setting: its key, value and where it came from.
    func settingsText(_ report: SettingsReport) -> String {
        var lines: [String] = []
        if report.rows.count > 1 {
            let file = TerminalSanitizer.sanitize(report.file, multiline: false)
            let note = report.fileExists ? "" : " (not there: 'set --save KEY VALUE' makes it)"
            lines += sentence("settings file: \(file)\(note)")
        }
        let keyWidth = report.rows.map(\.key.count).max() ?? 0
        let values = report.rows.map { TerminalSanitizer.sanitize($0.value, multiline: false) }
        let valueWidth = min(values.map(DisplayWidth.of).max() ?? 0, max(10, width / 2))
        for (row, value) in zip(report.rows, values) {
            let key = row.key + String(repeating: " ", count: keyWidth - row.key.count)
            let pad = String(repeating: " ", count: max(0, valueWidth - DisplayWidth.of(value)))
            let pending = row.pending.map {
                "; \(TerminalSanitizer.sanitize($0, multiline: false)) from the next start"
            }
            let origin = row.origin + (pending ?? "")
            let plain = "\(key)  \(value)\(pad)  \(origin)"
            guard wrapsMessages, DisplayWidth.of(plain) > width else {
                lines.append("\(style.bold(key))  \(value)\(pad)  \(style.dim(origin))")
                continue
            }
            // Too wide for the terminal: the origin goes under the value, wrapped between words.
            let under = String(repeating: " ", count: keyWidth + 2)
            lines.append("\(style.bold(key))  \(value)")
            lines += TextWrapper.wrap(origin, width: width, indent: under).map { style.dim($0) }
        }
        return block(lines)
    }
}
