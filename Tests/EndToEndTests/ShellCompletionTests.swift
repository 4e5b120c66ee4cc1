import Foundation
import TestSupport
import Testing

/// Shell completion as a user meets it: the bash script through ``BashCompletion``, the
/// scripts the binary prints, and what `make install` puts in place.
@Suite(.serialized) final class ShellCompletionTests: LoopbackSuite {
    let loopback: Loopback

    init() throws {
        loopback = try Loopback()
        let stored = try xkcd.run(["-c", "goto 353; goto 327; goto 1333; goto 2474; fav 353"])
        #expect(stored.status == 0, "\(stored.stderr)")
        server.resetCounters()
    }

    func complete(
        _ words: String..., script: URL = CheckedInFile("completions/xkcd.bash").url,
        binaryDirectory: URL = XKCDBinary.url.deletingLastPathComponent(),
        environment: [String: String] = [:]
    ) throws -> [String] {
        try BashCompletion(xkcd: xkcd, script: script, binaryDirectory: binaryDirectory)
            .complete(words, environment: environment)
    }

    @Test func commandsTitlesAndOptionsComplete() throws {
        #expect(try complete("xkcd", "go") == ["goto"])
        #expect(try complete("xkcd", "goto", "Pyth") == ["Python"])
        #expect(try complete("xkcd", "g", "pyth") == ["Python"], "an alias, any case")
        #expect(try complete("xkcd", "image", "--re") == ["--renderer"])
        #expect(try complete("xkcd", "--d") == ["--data-dir"])
        #expect(try complete("xkcd", "unfav", "") == ["353"])
        #expect(server.requestLog.isEmpty, "completion never touches the network")
    }

    @Test func pathsAfterSaveAndFavImportAreFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("comics"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("comic-one.png"))
        try Data().write(to: directory.appendingPathComponent("favs.json"))
        let prefix = directory.path + "/comic"
        #expect(try complete("xkcd", "save", "353", prefix).sorted() == [prefix + "-one.png", prefix + "s"])
        #expect(try complete("xkcd", "fav", "import", directory.path + "/fa") == [directory.path + "/favs.json"])
        #expect(try complete("xkcd", "save", "353", "--fo") == ["--force"])
    }

    @Test func titlesWithSpacesCompleteAsOneWordOrWordByWord() throws {
        #expect(try complete("xkcd", "goto", "Exploits") == [#"Exploits\ of\ a\ Mom"#])
        #expect(try complete("xkcd", "goto", "Exploits", "o") == ["of a Mom"])
        #expect(try complete("xkcd", "show", "First") == [#"First\ Date"#, #"First\ Time\ Since\ Early\ 2020"#])
        // What a completed line runs: the words make the title again.
        let run = try xkcd.run(["goto", "Exploits", "of", "a", "Mom"])
        #expect(run.stdout.hasPrefix("#327 · Exploits of a Mom"), "\(run.stderr)")
    }

    @Test func theStoreComesFromTheLineAndIsNeverCreated() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-none-\(UUID().uuidString)")
        #expect(try complete("xkcd", "--data-dir", elsewhere.path, "goto", "Pyth").isEmpty)
        #expect(try complete("xkcd", "goto", "Pyth", environment: ["XKCD_DATA_DIR": elsewhere.path]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
        #expect(
            try complete(
                "xkcd", "--offline", "--data-dir", xkcd.dataDirectory.path, "goto", "Pyth",
                environment: ["XKCD_DATA_DIR": elsewhere.path]) == ["Python"])
    }

    @Test func theBinaryPrintsTheCheckedInScripts() throws {
        for (shell, file) in [("bash", "xkcd.bash"), ("zsh", "_xkcd"), ("fish", "xkcd.fish")] {
            let run = try xkcd.run(["--generate-completion-script", shell])
            #expect(run.status == 0)
            #expect(run.stdout == CheckedInFile("completions/\(file)").text, "\(file): run make completions")
        }
        #expect(try xkcd.run(["--generate-manual"]).stdout == CheckedInFile("xkcd.1").text, "xkcd.1: run make man")
    }

    @Test func makeInstallPutsEverythingUnderThePrefixAndUninstallTakesItAway() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        // The real model where `make test` built one; else a stand-in, found as the model is.
        let standIn = prefix.appendingPathExtension("model")
        defer { try? FileManager.default.removeItem(at: standIn) }
        let model = ProcessInfo.processInfo.environment["XKCD_TEST_MODEL"] ?? standIn.path
        if model == standIn.path { _ = FileManager.default.createFile(atPath: model, contents: Data("m".utf8)) }
        func make(_ target: String) throws -> ChildProcess.Result {
            try ChildProcess.run(
                "make",
                [
                    "--no-print-directory", "-s", "-C", CheckedInFile.packageRoot().path, target,
                    "PREFIX=\(prefix.path)", "BIN=\(XKCDBinary.url.path)", "MODEL_FILE=\(model)",
                ])
        }
        let install = try make("install-files")
        #expect(install.status == 0, "\(install.stderr)")
        let files = [
            "bin/xkcd", "lib/xkcd/all-minilm-l6-v2.xkcd", "share/man/man1/xkcd.1",
            "share/bash-completion/completions/xkcd", "share/zsh/site-functions/_xkcd",
            "share/fish/vendor_completions.d/xkcd.fish",
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        let installed = try complete(
            "xkcd", "goto", "Pyth",
            script: prefix.appendingPathComponent("share/bash-completion/completions/xkcd"),
            binaryDirectory: prefix.appendingPathComponent("bin"))
        #expect(installed == ["Python"])
        // The installed binary finds the installed model with no XKCD_MODEL: it asks for an index, not a model
        // (or, with the stand-in, names the installed file it cannot use).
        var environment = xkcd.environment
        environment["XKCD_MODEL"] = nil
        let search = try ChildProcess.run(
            prefix.appendingPathComponent("bin/xkcd").path, ["search", "python", "--by", "meaning"],
            environment: environment)
        let installedModel = prefix.appendingPathComponent("lib/xkcd/all-minilm-l6-v2.xkcd").path
        #expect(
            search.stderr == "error: there is no index by meaning yet — run 'sync' to build it\n"
                || (model == standIn.path && search.stderr.contains(installedModel)), "\(search.stderr)")

        let uninstall = try make("uninstall")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for file in files {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("lib/xkcd").path))
    }
}
