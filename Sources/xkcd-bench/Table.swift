import Foundation

/// The result table: each row with our median, the floor's, the ratio and whether the goal holds.
struct Table {
    /// What a row must show.
    enum Goal {
        case ratio(Double)
        case absolute(Double)
        case ratioAndAbsolute(Double, Double)
        /// Shown for context only.
        case none
    }

    private var rows: [[String]] = []

    mutating func add(_ path: String, ours: Double, floor: Double?, floorName: String, goal: Goal) {
        let ratio = floor.map { $0 > 0 ? ours / $0 : .infinity }
        var met: Bool? = nil
        let goalText: String
        switch goal {
        case .none:
            goalText = "(context)"
        case let .ratio(limit):
            met = (ratio ?? .infinity) <= limit
            goalText = String(format: "≤ %.1f×", limit)
        case let .absolute(limit):
            met = ours <= limit
            goalText = "≤ \(Measure.format(limit))"
        case let .ratioAndAbsolute(limit, absolute):
            met = (ratio ?? .infinity) <= limit && ours <= absolute
            goalText = String(format: "≤ %g× and ≤ %@", limit, Measure.format(absolute))
        }
        rows.append([
            path, Measure.format(ours), floor.map { "\(Measure.format($0)) (\(floorName))" } ?? floorName,
            ratio.map { String(format: "%.2f×", $0) } ?? "—", goalText, met.map { $0 ? "yes" : "**no**" } ?? "—",
        ])
    }

    mutating func addMemory(
        _ path: String, ours: Int, floor: Int, limit: Int, floorName: String = "the Foundation floor binary"
    ) {
        func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        rows.append([
            path, mib(ours), "\(mib(floor)) (\(floorName))",
            String(format: "%.2f×", Double(ours) / Double(max(floor, 1))), "≤ \(mib(limit))",
            ours <= limit ? "yes" : "**no**",
        ])
    }

    /// A count (requests made) against the least that does the job.
    mutating func addCount(_ path: String, ours: Int, least: Int, leastName: String) {
        rows.append([
            path, "\(ours)", "\(least) (\(leastName))", String(format: "%.2f×", Double(ours) / Double(max(least, 1))),
            "= \(least)", ours <= least ? "yes" : "**no**",
        ])
    }

    /// A share of cases that came out right (at least `least` of them), against another way's.
    mutating func addShare(_ path: String, ours: Int, floor: Int, of total: Int, floorName: String, least: Double) {
        func percent(_ count: Int) -> String {
            "\(count)/\(total) (\(Int((Double(count) / Double(max(total, 1)) * 100).rounded()))%)"
        }
        rows.append([
            path, percent(ours), "\(percent(floor)) (\(floorName))", "—", "≥ \(Int(least * 100))%",
            Double(ours) >= least * Double(total) ? "yes" : "**no**",
        ])
    }

    /// A size, for the record, or against the most it may be.
    mutating func addSize(_ path: String, bytes: Int, limit: Int? = nil, note: String) {
        func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        rows.append([
            path, mib(bytes), note, "—", limit.map { "≤ \(mib($0))" } ?? "(context)",
            limit.map { bytes <= $0 ? "yes" : "**no**" } ?? "—",
        ])
    }

    var markdown: String {
        var lines = [
            "| path | ours (median) | floor (median, same run) | ratio | goal | met |", "|---|---:|---|---:|---|---|",
        ]
        lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n")
    }
}

/// Facts about the machine, for the record.
enum Machine {
    static var description: String {
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: &name.release) {
            String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let arch = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return
            "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(ProcessInfo.processInfo.physicalMemory >> 30) GiB, Linux \(kernel) \(arch)"
    }

    static func which(_ program: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw BenchError("\(program) is not installed")
    }
}
