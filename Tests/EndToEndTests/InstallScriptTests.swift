import Foundation
import TestSupport
import Testing

/// The release tarball's install.sh, run as a user who cannot write the prefix.
@Suite struct InstallScriptTests {
    @Test(
        .enabled(
            if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "root runs the script as nobody through setpriv, which is not here"))
    func aPrefixTheUserCannotWriteIsOneLineSayingToUseSudo() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = try Self.release(in: scratch)
        // Someone else's prefix, as /usr/local is a normal user's: root runs the script as nobody.
        let prefix = scratch.appendingPathComponent("usr/local")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        if getuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: prefix.path)
        }
        let asUser = getuid() == 0 ? ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []
        let run = try ChildProcess.run(
            "/usr/bin/env", asUser + ["sh", script.path, "--prefix", prefix.path],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/nonexistent"])
        #expect(run.status == 1)
        #expect(
            run.stderr == "install.sh: \(prefix.path) is not writable for you — run it with sudo, or install under a "
                + "prefix of your own: ./install.sh --prefix ~/.local\n")
        #expect(!run.stdout.contains("Installing"), "nothing is copied")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.path).isEmpty)
    }

    @Test func anInstallSaysWhereTheCompletionsWentAndWhatLoadsThem() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = try Self.release(in: scratch)
        let prefix = scratch.appendingPathComponent("prefix").path
        let run = try ChildProcess.run(
            "/usr/bin/env", ["sh", script.path, "--prefix", prefix],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": scratch.path])
        #expect(run.status == 0, "\(run.stderr)")
        let share = prefix + "/share"
        for folder in ["bash-completion/completions", "zsh/site-functions", "fish/vendor_completions.d"] {
            #expect(run.stdout.contains("\(share)/\(folder)"), "names \(folder): \(run.stdout)")
            #expect(FileManager.default.fileExists(atPath: "\(share)/\(folder)"))
        }
        let bash = try #require(run.stdout.split(separator: "\n").first { $0.contains("bash:") }, "\(run.stdout)")
        #expect(bash.contains("the bash-completion package"))
        #expect(run.stdout.contains("'. \(share)/bash-completion/completions/xkcd'"), "sourcing the file without it")
        #expect(run.stdout.contains("zsh:  add \(share)/zsh/site-functions to fpath before compinit"))
        #expect(run.stdout.contains("fish: loads it when \(share) is in XDG_DATA_DIRS"))
        // The model goes where the program looks beside its bin folder.
        #expect(FileManager.default.fileExists(atPath: "\(prefix)/lib/xkcd/all-minilm-l6-v2.xkcd"))
    }

    @Test func theModelIsKeptOutOfTheDataDirectoryAndOneAnEarlierInstallPutThereGoes() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = try Self.release(in: scratch)
        // Under ~/.local, PREFIX/share/xkcd is the data directory: an earlier release put the
        // model beside the store there.
        let home = scratch.appendingPathComponent("home")
        let data = home.appendingPathComponent(".local/share/xkcd")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("store".utf8).write(to: data.appendingPathComponent("xkcd.sqlite3"))
        try Data("model".utf8).write(to: data.appendingPathComponent("all-minilm-l6-v2.xkcd"))
        let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": home.path]
        let install = try ChildProcess.run("/usr/bin/env", ["sh", script.path], environment: environment)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("removed \(data.path)/all-minilm-l6-v2.xkcd"), "\(install.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["xkcd.sqlite3"])
        let model = home.appendingPathComponent(".local/lib/xkcd/all-minilm-l6-v2.xkcd").path
        #expect(FileManager.default.fileExists(atPath: model))
        let uninstall = try ChildProcess.run(
            "/usr/bin/env", ["sh", script.path, "--uninstall"], environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/lib/xkcd").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["xkcd.sqlite3"], "the store stays")
    }

    // The release's layout, as scripts/package.sh makes it, with placeholder files: its install.sh.
    private static func release(in scratch: URL) throws -> URL {
        let release = scratch.appendingPathComponent("release")
        try FileManager.default.createDirectory(
            at: release.appendingPathComponent("completions"), withIntermediateDirectories: true)
        for name in [
            "xkcd", "xkcd.1", "completions/xkcd.bash", "completions/_xkcd", "completions/xkcd.fish",
            "all-minilm-l6-v2.xkcd",
        ] {
            try Data("x".utf8).write(to: release.appendingPathComponent(name))
        }
        let script = release.appendingPathComponent("install.sh")
        try FileManager.default.copyItem(at: CheckedInFile("scripts/release/install.sh").url, to: script)
        return script
    }
}
