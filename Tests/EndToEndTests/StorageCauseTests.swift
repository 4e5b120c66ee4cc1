import Foundation
import TestSupport
import Testing

/// A data directory or database that cannot be used, named for what is really wrong with it.
@Suite(.serialized) final class StorageCauseTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback(archive: .synthetic(count: 20))
        try FileManager.default.createDirectory(at: xkcd.dataDirectory, withIntermediateDirectories: true)
    }

    private func run(dataDirectory: URL) throws -> XKCDBinary.Run {
        let run = try xkcd.run(["goto", "5"], extraEnvironment: ["XKCD_DATA_DIR": dataDirectory.path])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        return run
    }

    @Test func aDanglingLinkSaysWhereItPoints() throws {
        let link = xkcd.dataDirectory.appendingPathComponent("data")
        let target = xkcd.dataDirectory.appendingPathComponent("gone/xkcd")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let run = try run(dataDirectory: link)
        #expect(run.stderr.contains("\(link.path) is a link to \(target.path), which does not exist"), "\(run.stderr)")
        #expect(!run.stderr.contains("not writable"), "\(run.stderr)")
    }

    @Test func aLinkThatLoopsSaysSo() throws {
        let first = xkcd.dataDirectory.appendingPathComponent("a")
        let second = xkcd.dataDirectory.appendingPathComponent("b")
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: second.path)
        try FileManager.default.createSymbolicLink(atPath: second.path, withDestinationPath: first.path)
        let run = try run(dataDirectory: first)
        #expect(run.stderr.contains("\(first.path) is a link that loops (to \(second.path))"), "\(run.stderr)")
        let below = try self.run(dataDirectory: first.appendingPathComponent("xkcd"))
        #expect(below.stderr.contains("\(first.path) is a link that loops"), "\(below.stderr)")
    }

    @Test(
        .enabled(
            if: getuid() != 0 || StorageFaultTests.canMount,
            "root ignores permission bits, and this root may not bind-mount a file read-only"))
    func aReadOnlyDatabaseFileInAWritableDirectoryIsNamed() throws {
        let directory = xkcd.dataDirectory.appendingPathComponent("own")
        let environment = ["XKCD_DATA_DIR": directory.path]
        #expect(try xkcd.run(["fav", "5"], extraEnvironment: environment).status == 0)
        let database = directory.appendingPathComponent("xkcd.sqlite3")
        // Root ignores a chmod, so as root the file is bind-mounted read-only on itself.
        if getuid() == 0 {
            #expect(mount(database.path, database.path, nil, UInt(MS_BIND), nil) == 0)
            #expect(mount(nil, database.path, nil, UInt(MS_REMOUNT | MS_BIND | MS_RDONLY), nil) == 0)
        } else {
            chmod(database.path, 0o444)
        }
        defer { if getuid() == 0 { umount(database.path) } else { chmod(database.path, 0o644) } }
        let run = try xkcd.run(["fav", "6"], extraEnvironment: environment)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the database file \(database.path) is read-only"), "\(run.stderr)")
        #expect(!run.stderr.contains("data directory \(directory.path) is read-only"), "\(run.stderr)")
    }
}
