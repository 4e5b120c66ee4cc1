import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// The database under faults: killed writers, damaged files, unwritable directories and
/// two processes writing at once.
@Suite(.serialized) final class StorageFaultTests: LoopbackSuite {
    let loopback: Loopback
    var database: URL { xkcd.dataDirectory.appendingPathComponent("xkcd.sqlite3") }

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 300))
    }

    func start(_ arguments: [String]) throws -> Process {
        try xkcd.start(arguments)
    }

    func favorites() throws -> Set<Int> {
        let run = try xkcd.run(["--offline", "--json", "favs"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let list = (object as? [[String: Any]]) ?? ((object as? [String: Any])?["favorites"] as? [[String: Any]]) ?? []
        return Set(list.compactMap { ($0["num"] as? Int) ?? (($0["comic"] as? [String: Any])?["num"] as? Int) })
    }

    func stored() throws -> Int {
        let run = try xkcd.run(["--offline", "--json", "cache", "stats"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object?["comics"] as? Int ?? -1
    }

    /// Favorites 1 and 2 stored first, then the whole archive; the database checkpointed,
    /// so that damage to the file is damage to the data (not to pages the log still holds).
    func syncedWithFavorites() throws {
        #expect(try xkcd.run(["-c", "fav 1; fav 2"]).status == 0)
        #expect(try xkcd.run(["sync"]).status == 0)
        #expect(try favorites() == [1, 2])
        try SQLiteConnection(path: database.path, create: false).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The page numbers (1-based) and page size of the tables whose names start with `prefix`.
    func pages(of prefix: String) throws -> (pages: [Int], size: Int) {
        let db = try SQLiteConnection(path: database.path, create: false)
        return (
            try db.values("SELECT pageno FROM dbstat WHERE name LIKE ? || '%' ORDER BY pageno", [prefix]),
            try db.value("PRAGMA page_size") ?? 0
        )
    }

    func damagedCopies() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: xkcd.dataDirectory.path)
            .filter { $0.hasPrefix("xkcd.sqlite3.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    }

    /// Runs `arguments` twice after damage: the first run says once what happened, both work.
    func expectRecovery(_ arguments: [String] = ["--offline", "favs"]) throws -> XKCDBinary.Run {
        let first = try xkcd.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.errorLines.isEmpty, "\(first.stderr)")
        let notices = first.stderr.split(separator: "\n").filter { $0.contains("moved it aside to") }
        #expect(notices.count == 1, "\(first.stderr)")
        #expect(try damagedCopies().count == 1)
        let second = try xkcd.run(arguments)
        #expect(second.status == 0)
        #expect(second.stderr.isEmpty, "said once: \(second.stderr)")
        return first
    }

    @Test func sigkillMidFavLeavesADatabaseTheNextRunUses() throws {
        #expect(try xkcd.run(["-c", "goto 7; fav 3"]).status == 0)
        // The comic is stored; its image never arrives, so `fav` is stuck mid-way.
        server.setFaultForAllPaths(.hang)
        let process = try start(["fav", "7"])
        Thread.sleep(forTimeInterval: 1.0)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        server.setFaultForAllPaths(nil)
        #expect(try favorites().isSubset(of: [3, 7]))
        #expect(try favorites().contains(3), "an earlier favorite survives")
        let again = try xkcd.run(["fav", "7"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try favorites() == [3, 7])
        #expect(try xkcd.run(["--offline", "goto", "7"]).status == 0)
    }

    @Test func sigkillDuringABurstOfFavsKeepsAConsistentPrefix() throws {
        let wanted = Array(stride(from: 10, through: 290, by: 10))
        server.setFaultForAllPaths(.delay(.milliseconds(15)))
        let process = try start(["-c", wanted.map { "fav \($0)" }.joined(separator: "; ")])
        Thread.sleep(forTimeInterval: 0.8)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        server.setFaultForAllPaths(nil)
        let kept = try favorites()
        #expect(kept.count > 0 && kept.count < wanted.count, "killed mid-way: \(kept.count)")
        #expect(kept == Set(wanted.prefix(kept.count)), "favorites are added in order, each whole")
        let db = try SQLiteConnection(path: database.path, create: false)
        #expect(try db.values("PRAGMA integrity_check", as: String.self) == ["ok"])
        let rest = try xkcd.run(["-c", wanted.map { "fav \($0)" }.joined(separator: "; ")])
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(try favorites() == Set(wanted))
    }

    @Test func truncatedDatabaseIsMovedAsideAndFavoritesRecovered() throws {
        try syncedWithFavorites()
        let size = try FileManager.default.attributesOfItem(atPath: database.path)[.size] as! Int
        #expect(truncate(database.path, off_t(size * 3 / 4)) == 0)
        let run = try expectRecovery()
        #expect(run.stderr.contains("truncated") || run.stderr.contains("malformed"), "\(run.stderr)")
        // Favorites whose rows (and comics' rows) lie on the remaining pages are kept; the
        // others are named so they can be added again.
        let kept = try favorites()
        #expect(kept.isSubset(of: [1, 2]))
        for num in Set([1, 2]).subtracting(kept) { #expect(run.stderr.contains("#\(num)"), "\(run.stderr)") }
    }

    @Test func garbagePagesAreDetectedAndFavoritesRecovered() throws {
        try syncedWithFavorites()
        // Garbage over the full-text index: the comics and favorites stay readable.
        let (pages, size) = try pages(of: "comic_fts_")
        #expect(!pages.isEmpty)
        let handle = try FileHandle(forUpdating: database)
        for page in pages where page > 1 {
            try handle.seek(toOffset: UInt64((page - 1) * size))
            try handle.write(contentsOf: Data((0..<size).map { UInt8(truncatingIfNeeded: ($0 &+ page) &* 7919 >> 3) }))
        }
        try handle.close()
        // Damage inside pages shows when a query reaches them: one clear error line then,
        // and the next run moves the file aside and rebuilds from what is readable.
        let search = try xkcd.run(["--offline", "search", "comic"])
        #expect(search.status == 1)
        #expect(search.errorLines.count == 1, "\(search.stderr)")
        #expect(search.stderr.contains("is damaged"), "\(search.stderr)")
        let after = try xkcd.run(["--offline", "favs"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr.contains("moved it aside to"), "\(after.stderr)")
        #expect(after.stderr.contains("recovering 2 favorites and 300 comics"), "\(after.stderr)")
        #expect(try damagedCopies().count == 1)
        #expect(try favorites() == [1, 2])
        let saved = xkcd.dataDirectory.appendingPathComponent("saved.png")
        let image = try xkcd.run(["--offline", "save", "1", saved.path])
        #expect(image.status == 0, "a favorite's stored image still works offline: \(image.stderr)")
        let again = try xkcd.run(["--offline", "search", "comic"])
        #expect(again.status == 0, "the index is rebuilt: \(again.stderr)")
        #expect(again.stderr.isEmpty)
    }

    @Test func nonSQLiteFileIsMovedAsideAndANewStoreCreated() throws {
        try Data("these are not the pages you are looking for\n".utf8).write(to: database)
        let run = try expectRecovery()
        #expect(run.stderr.contains("not an SQLite database"), "\(run.stderr)")
        #expect(try xkcd.run(["fav", "5"]).status == 0)
        #expect(try favorites() == [5])
        let aside = xkcd.dataDirectory.appendingPathComponent(try damagedCopies()[0])
        #expect(try String(contentsOf: aside, encoding: .utf8).hasPrefix("these are not"), "the damaged file is kept")
    }

    @Test func twoProcessesFindingOneDamagedFileMoveItAsideOnce() throws {
        try Data(repeating: 0x5A, count: 10_000).write(to: database)
        let processes = try (0..<2).map { _ in try start(["--offline", "favs"]) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(try damagedCopies().count == 1)
        #expect(try xkcd.run(["fav", "5"]).status == 0)
    }

    @Test func damagedSchemaPageStillGivesAWorkingStore() throws {
        try syncedWithFavorites()
        let handle = try FileHandle(forUpdating: database)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 3000))
        try handle.close()
        _ = try expectRecovery()
        #expect(try xkcd.run(["goto", "5"]).status == 0)
    }

    @Test func dataDirectoryUnderAFileGivesOneClearError() throws {
        let file = xkcd.dataDirectory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let run = try xkcd.run(
            ["goto", "5"], extraEnvironment: ["XKCD_DATA_DIR": file.appendingPathComponent("xkcd").path])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("is a file, not a directory"), "\(run.stderr)")
    }

    @Test(
        .enabled(
            if: getuid() != 0 || StorageFaultTests.canMount,
            "root ignores permission bits, and this root may not mount a read-only file system"))
    func readOnlyDataDirectoryGivesOneClearErrorAndKeepsWhatIsStored() throws {
        // Root ignores a chmod, so as root the directory is a tmpfs remounted read-only.
        let directory = getuid() == 0 ? xkcd.dataDirectory.appendingPathComponent("ro") : xkcd.dataDirectory
        let environment = ["XKCD_DATA_DIR": directory.path]
        if getuid() == 0 { _ = try mountTmpfs("ro", size: "4m") }
        defer { if getuid() == 0 { umount(directory.path) } }
        #expect(try xkcd.run(["fav", "5"], extraEnvironment: environment).status == 0)
        if getuid() == 0 {
            #expect(mount("tmpfs", directory.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=4m") == 0)
        } else {
            chmod(directory.path, 0o500)
        }
        let run = try xkcd.run(["fav", "6"], extraEnvironment: environment)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("read-only"), "\(run.stderr)")
        // What is stored is still read, and browsing says once that it is not saved.
        let read = try xkcd.run(["--offline", "-c", "favs; goto 5"], extraEnvironment: environment)
        #expect(read.status == 0 && read.stdout.contains("#5 "), "\(read.stderr)")
        #expect(read.stderr.contains("not saved: the data directory \(directory.path) is read-only"), "\(read.stderr)")
        // A comic fetched is shown unstored; a search with a model but no index by meaning
        // cannot note its hint, and searches.
        let model = ProcessInfo.processInfo.environment["XKCD_TEST_MODEL"] ?? ""
        for arguments in [["goto", "7"], ["--offline", "search", "comic"]] {
            let run = try xkcd.run(arguments, extraEnvironment: environment.merging(["XKCD_MODEL": model]) { $1 })
            #expect(run.status == 0 && run.stdout.contains("#"), "\(arguments): \(run.stderr)")
            #expect(run.errorLines.isEmpty, "\(arguments): \(run.stderr)")
        }
        if getuid() == 0 {
            #expect(mount("tmpfs", directory.path, "tmpfs", UInt(MS_REMOUNT), "size=4m") == 0)
        } else {
            chmod(directory.path, 0o700)
        }
        let favs = try xkcd.run(["--offline", "favs"], extraEnvironment: environment)
        #expect(favs.stdout.contains("#5 ") && !favs.stdout.contains("#6 "), "\(favs.stdout)")
    }

    /// Whether this process may mount a file system (root, outside a restricting container).
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard mount("tmpfs", probe.path, "tmpfs", 0, "size=64k") == 0 else { return false }
        umount(probe.path)
        return true
    }()

    /// A tmpfs of `size` mounted at `name` inside the data directory.
    func mountTmpfs(_ name: String, size: String) throws -> URL {
        let directory = xkcd.dataDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(mount("tmpfs", directory.path, "tmpfs", 0, "size=\(size)") == 0)
        return directory
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to make a small file system fill up"))
    func fullDiskGivesOneClearErrorAndKeepsWhatIsStored() throws {
        let tiny = try mountTmpfs("tiny", size: "4m")
        defer { umount(tiny.path) }
        let environment = ["XKCD_DATA_DIR": tiny.appendingPathComponent("xkcd").path]
        #expect(try xkcd.run(["fav", "1"], extraEnvironment: environment).status == 0)
        // Less room than the whole archive takes.
        try fill(tiny, leaving: 100_000)
        let sync = try xkcd.run(["sync"], extraEnvironment: environment)
        #expect(sync.status == 1)
        #expect(sync.errorLines.count == 1, "\(sync.stderr)")
        #expect(sync.stderr.contains("is full — free some space"), "\(sync.stderr)")
        let favs = try xkcd.run(["--offline", "favs"], extraEnvironment: environment)
        #expect(favs.status == 0, "\(favs.stderr)")
        #expect(favs.stdout.contains("#1 "), "what was stored before the disk filled is kept")
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to make a small file system fill up"))
    func imageWriteOnAFullDiskSaysTheDiskIsFull() throws {
        let tiny = try mountTmpfs("tiny-images", size: "64k")
        defer { umount(tiny.path) }
        let files = ImageFiles(directory: tiny.appendingPathComponent("images"))
        #expect(
            throws: XKCDError.storage(
                "the disk holding \(tiny.path)/images is full — free some space and try again; nothing stored was lost")
        ) {
            try files.write(Data(repeating: 7, count: 200_000), as: "big.png")
        }
    }

    /// Fills the file system holding `directory` until only `room` bytes are free (0: to the
    /// brim, until a write fails with ENOSPC).
    func fill(_ directory: URL, leaving room: Int = 0) throws {
        var disk = statvfs()
        #expect(statvfs(directory.path, &disk) == 0)
        let free = Int(disk.f_bavail) * Int(disk.f_frsize)
        let filler = FileHandle(
            fileDescriptor: open(directory.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o600),
            closeOnDealloc: true)
        if room > 0 {
            try filler.write(contentsOf: Data(count: max(0, free - room)))
            return
        }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(filler.fileDescriptor, $0.baseAddress, 4096) }) > 0 {}
        #expect(errno == ENOSPC)
        // Whatever is left below a block too.
        while write(filler.fileDescriptor, block, 1) > 0 {}
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to make a small file system fill up"))
    func aFullDiskStillReadsWhatIsStored() throws {
        let disk = try mountTmpfs("full", size: "4m")
        defer { umount(disk.path) }
        let environment = ["XKCD_DATA_DIR": disk.appendingPathComponent("xkcd").path]
        #expect(try xkcd.run(["sync"], extraEnvironment: environment).status == 0)
        #expect(try xkcd.run(["goto", "2"], extraEnvironment: environment).status == 0)
        try fill(disk)
        for arguments in [["--offline", "goto", "1"], ["latest"], ["--offline", "latest"], ["next"], ["prev"]] {
            let run = try xkcd.run(arguments, extraEnvironment: environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.hasPrefix("#"), "\(arguments): \(run.stdout)")
            let lines = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("offline: ") }
            #expect(lines.count <= 1 && run.errorLines.isEmpty, "at most one line says so: \(run.stderr)")
        }
        // What is fetched to be read is shown, and said once not to be saved.
        loopback.server.serveGeneratedExplanations()
        for arguments in [["explain", "3"], ["image", "3", "--renderer", "ascii", "--width", "20"]] {
            let run = try xkcd.run(arguments, extraEnvironment: environment)
            #expect(run.status == 0 && !run.stdout.isEmpty, "\(arguments): \(run.stderr)")
            #expect(run.errorLines.isEmpty && run.stderr.contains("note: not saved: "), "\(arguments): \(run.stderr)")
        }
        // A command that must store says the disk is full, once.
        let fav = try xkcd.run(["fav", "1"], extraEnvironment: environment)
        #expect(fav.status == 1 && fav.errorLines.count == 1, "\(fav.stderr)")
        #expect(fav.stderr.contains("is full"), "\(fav.stderr)")
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to make a small file system fill up"))
    func cacheClearOnAFullDiskGivesTheSpaceBack() throws {
        let disk = try mountTmpfs("clear-full", size: "8m")
        defer { umount(disk.path) }
        let data = disk.appendingPathComponent("xkcd")
        let environment = ["XKCD_DATA_DIR": data.path]
        #expect(try xkcd.run(["fav", "1"], extraEnvironment: environment).status == 0)
        // Pictures until the disk is full, or all of them.
        _ = try xkcd.run(["sync", "--images"], extraEnvironment: environment)
        let images = data.appendingPathComponent("images")
        let stored = try FileManager.default.contentsOfDirectory(atPath: images.path).count
        try #require(stored > 10, "the pictures to clear")
        try fill(disk)
        let clear = try xkcd.run(["cache", "clear", "--yes"], extraEnvironment: environment)
        let left = try FileManager.default.contentsOfDirectory(atPath: images.path)
        #expect(left.count == 1, "only the favorite's picture stays: \(left.count) of \(stored) (\(clear.stderr))")
        #expect(clear.errorLines.count <= 1, "\(clear.stderr)")
        if clear.status != 0 {
            #expect(clear.stderr.contains("run 'cache clear' again"), "\(clear.stderr)")
            let again = try xkcd.run(["cache", "clear", "--yes"], extraEnvironment: environment)
            #expect(again.status == 0, "with room made, the rows go too: \(again.stderr)")
        }
        let stats = try xkcd.run(["--offline", "--json", "cache", "stats"], extraEnvironment: environment)
        let counted = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect(counted?["comics"] as? Int == 1, "\(stats.stdout)\(stats.stderr)")
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to make a small file system fill up"))
    func syncImagesStopsAtTheFirstFullDiskAndSaysSo() throws {
        let disk = try mountTmpfs("images-full", size: "4m")
        defer { umount(disk.path) }
        let data = disk.appendingPathComponent("xkcd")
        let environment = ["XKCD_DATA_DIR": data.path]
        #expect(try xkcd.run(["sync"], extraEnvironment: environment).status == 0)
        try fill(disk, leaving: 400_000)
        server.resetCounters()
        let sync = try xkcd.run(["sync", "--images"], extraEnvironment: environment)
        #expect(sync.status == 1)
        #expect(sync.errorLines.count == 1, "\(sync.stderr)")
        #expect(sync.stderr.contains("is full — free some space"), "\(sync.stderr)")
        #expect(sync.stderr.contains(data.path), "names the directory: \(sync.stderr)")
        let images = server.requestLog.filter { $0.hasPrefix("/imgs/") }.count
        #expect(images < 150, "stopped at the first full write, not after all 300: \(images) images asked for")
        let stats = try xkcd.run(["--offline", "--json", "cache", "stats"], extraEnvironment: environment)
        let counted = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect((counted?["images"] as? Int ?? 0) > 0, "the images stored are kept: \(stats.stdout)\(stats.stderr)")
        #expect(counted?["comics"] as? Int == 300)
    }

    @Test(.enabled(if: StorageFaultTests.canMount, "needs root and mount(2) to make a small file system fill up"))
    func fullDiskOnSetSaveNamesTheCauseAndKeepsTheFile() throws {
        let tiny = try mountTmpfs("tiny-settings", size: "64k")
        defer { umount(tiny.path) }
        let file = tiny.appendingPathComponent("config.toml")
        try Data("timeout = 4\n".utf8).write(to: file)
        // Filled to the brim: no block is left for the new file.
        let filler = tiny.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(repeating: 0, count: 4096))) != nil {}
        try? handle.close()
        let run = try xkcd.run(["--config", file.path, "set", "--save", "theme", "dark"])
        #expect(run.status == 1)
        #expect(
            run.errorLines == ["error: cannot save to \(file.path): no space left on device — the file is unchanged"],
            "\(run.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "timeout = 4\n")
    }

    @Test func twoProcessesWritingAtOnceLoseNothing() throws {
        server.setFaultForAllPaths(.delay(.milliseconds(5)))
        let errors = (0..<3).map { xkcd.dataDirectory.appendingPathComponent("stderr-\($0)") }
        let commands = [
            ["sync", "--jobs", "4"],
            ["-c", (1...20).map { "fav \($0 * 7)" }.joined(separator: "; ")],
            ["-c", (1...20).map { "fav \($0 * 7 + 3)" }.joined(separator: "; ")],
        ]
        let processes = try zip(commands, errors).map { arguments, file in
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let process = Process()
            process.executableURL = XKCDBinary.url
            process.arguments = arguments
            process.environment = xkcd.environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: file)
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        server.setFaultForAllPaths(nil)
        for (process, file) in zip(processes, errors) {
            let stderr = try String(contentsOf: file, encoding: .utf8)
            #expect(process.terminationStatus == 0, "\(stderr)")
        }
        #expect(try favorites() == Set((1...20).map { $0 * 7 } + (1...20).map { $0 * 7 + 3 }))
        #expect(try stored() == 300)
    }
}
