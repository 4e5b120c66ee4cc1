import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// The comic the start-up rows open, stored in the warm data directory.
    static let startupComic = 353

    /// Starting xkcd as a user does: a script at its end, a one-shot `goto` of a stored comic,
    /// and the REPL on a terminal until its first prompt, each against a floor run alternately
    /// with it (40 rounds), so a machine that slows down or speeds up meanwhile moves both alike.
    func startupRows(warm: URL, server: XKCDTestServer, into table: inout Table) throws {
        log("start-up …")
        let rounds = 40
        let offline = environment(warm, server: server).merging(["XKCD_OFFLINE": "1"]) { $1 }
        let database = warm.appendingPathComponent("xkcd.sqlite3").path
        let comic = String(Self.startupComic)

        var script: [Double] = []
        var scriptFloor: [Double] = []
        for _ in 0..<rounds {
            script.append(try Spawn.run(options.xkcd, [], environment: offline).seconds)
            scriptFloor.append(try Spawn.run(options.floor, [], environment: offline).seconds)
        }
        table.add(
            "script mode at EOF: start and exit (stdin /dev/null: no store, no prompt)", ours: Measure.median(script),
            floor: Measure.median(scriptFloor), floorName: "Swift + Foundation, print one line", goal: .ratio(1.5))

        var goto: [Double] = []
        var gotoFloor: [Double] = []
        for _ in 0..<rounds {
            let ours = try Spawn.run(options.xkcd, ["goto", comic], environment: offline)
            guard ours.status == 0 else { throw BenchError("xkcd goto \(comic) failed (\(ours.status))") }
            goto.append(ours.seconds)
            gotoFloor.append(
                try Spawn.run(options.storeFloor, ["show", database, comic], environment: offline).seconds)
        }
        table.add(
            "one-shot `goto \(comic)`, stored (offline): start to exit", ours: Measure.median(goto),
            floor: Measure.median(gotoFloor), floorName: "C: open the same SQLite file, read the comic, print it",
            goal: .ratio(4))

        // The gotos above leave #353 the current comic, which the REPL's prompt names.
        var prompt: (ours: [Double], floor: [Double], oursExit: [Double], floorExit: [Double]) = ([], [], [], [])
        var checked: [Double] = []
        let online = environment(warm, server: server).merging(["TERM": "xterm-256color"]) { $1 }
        let onTerminal = online.merging(["XKCD_OFFLINE": "1"]) { $1 }
        for _ in 0..<rounds {
            let ours = try promptTimes(options.xkcd, [], environment: onTerminal)
            prompt.ours.append(ours.prompt)
            prompt.oursExit.append(ours.exit)
            let floor = try promptTimes(options.storeFloor, ["prompt", database, comic], environment: onTerminal)
            prompt.floor.append(floor.prompt)
            prompt.floorExit.append(floor.exit)
            checked.append(try promptTimes(options.xkcd, [], environment: online).prompt)
        }
        let floorName = "C: open the same SQLite file, read the comic, libedit prompt on the same kind of pty"
        table.add(
            "REPL on a pseudo-terminal, offline: start to its first prompt `xkcd #\(comic)>` (store open, libedit ready)",
            ours: Measure.median(prompt.ours), floor: Measure.median(prompt.floor), floorName: floorName,
            goal: .ratio(4))
        table.add(
            "  the same, Ctrl-D at the prompt: start to exit", ours: Measure.median(prompt.oursExit),
            floor: Measure.median(prompt.floorExit), floorName: "that floor, Ctrl-D at its prompt", goal: .none)
        table.add(
            "  the same not offline: the start-up check for new comics (loopback server, none new) before the prompt",
            ours: Measure.median(checked), floor: Measure.median(prompt.floor), floorName: "that floor",
            goal: .none)
    }

    /// Seconds from starting `path` on a new pseudo-terminal until it shows the prompt naming
    /// the start-up comic, and until it exits after a Ctrl-D there.
    func promptTimes(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (
        prompt: Double, exit: Double
    ) {
        let started = Measure.now()
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: path), arguments: arguments, environment: environment)
        try terminal.waitFor("#\(Self.startupComic)> ")
        let prompt = Measure.now() - started
        terminal.send("\u{04}")
        let status = try terminal.waitForExit()
        let exit = Measure.now() - started
        guard status == 0 else { throw BenchError("\(path) exited with \(status) after Ctrl-D at its prompt") }
        return (prompt, exit)
    }
}
