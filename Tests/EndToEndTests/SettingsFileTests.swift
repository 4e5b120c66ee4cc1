import Foundation
import TestSupport
import Testing

/// config.toml, `config` and `set` through the built binary, with a home directory of the
/// test's own; and the picture after each move in pseudo-terminals.
@Suite(.serialized) final class SettingsFileTests: LoopbackSuite {
    let loopback: Loopback
    let home: URL

    init() throws {
        loopback = try Loopback()
        home = loopback.xkcd.dataDirectory.appendingPathComponent("home")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent(".config/xkcd"), withIntermediateDirectories: true)
    }

    var file: URL { home.appendingPathComponent(".config/xkcd/config.toml") }

    /// The test's home, and nothing but the file to say where the server and the data are.
    var fromTheFileAlone: [String: String] {
        [
            "HOME": home.path, "XKCD_BASE_URL": "", "XKCD_EXPLAIN_URL": "", "XKCD_DATA_DIR": "", "XKCD_TIMEOUT": "",
            "XKCD_IMAGES": "",
        ]
    }

    func write(_ text: String) throws {
        try Data(text.utf8).write(to: file)
    }

    func origins(_ run: XKCDBinary.Run) throws -> [String: (value: Any, origin: String)] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["settings"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: rows.map { ($0["key"] as! String, ($0["value"]!, $0["origin"] as! String)) })
    }

    @Test func theFileSetsTheServerAndTheDataDirectoryAndFlagsAndVariablesWin() throws {
        let data = home.appendingPathComponent("comics")
        try write(
            """
            # where the comics come from
            base-url = "\(server.baseURL.absoluteString)"
            data-dir = "~/comics"
            timeout = 5
            """)
        let shown = try xkcd.run(["goto", "353"], extraEnvironment: fromTheFileAlone)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("#353 · Python"))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("xkcd.sqlite3").path))

        let config = try xkcd.run(["--json", "config"], extraEnvironment: fromTheFileAlone)
        #expect(config.status == 0, "\(config.stderr)")
        let fromFile = try origins(config)
        #expect(fromFile["base-url"]?.origin == "config.toml:2")
        #expect(fromFile["data-dir"]?.value as? String == data.path && fromFile["data-dir"]?.origin == "config.toml:3")
        #expect(fromFile["timeout"]?.value as? Int == 5 && fromFile["timeout"]?.origin == "config.toml:4")
        #expect(fromFile["images"]?.value as? String == "auto" && fromFile["images"]?.origin == "default")

        var environment = fromTheFileAlone
        environment["XKCD_TIMEOUT"] = "7"
        let fromVariable = try origins(try xkcd.run(["--json", "config"], extraEnvironment: environment))
        #expect(fromVariable["timeout"]?.value as? Int == 7 && fromVariable["timeout"]?.origin == "XKCD_TIMEOUT")
        let fromFlag = try origins(try xkcd.run(["--json", "--timeout", "8", "config"], extraEnvironment: environment))
        #expect(fromFlag["timeout"]?.value as? Int == 8 && fromFlag["timeout"]?.origin == "--timeout")

        let text = try xkcd.run(["config"], extraEnvironment: fromTheFileAlone)
        #expect(text.stdout.contains("settings file: \(file.path)\n"))
        #expect(text.stdout.contains(" config.toml:4\n") && text.stdout.contains(" default\n"))
    }

    @Test func aBrokenFileWarnsAndTheRestApplies() throws {
        try write(
            """
            base-url = "\(server.baseURL.absoluteString)"
            them = "dark"
            timeout = "soon"
            this line is not toml
            """)
        let run = try xkcd.run(
            ["goto", "353"],
            extraEnvironment: fromTheFileAlone.merging(["XKCD_DATA_DIR": xkcd.dataDirectory.path]) { _, new in new })
        #expect(run.status == 0, "the program runs")
        #expect(run.stdout.contains("#353 · Python"), "the base-url line applied")
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "warning: config.toml:2: unknown setting 'them' — did you mean 'theme'?",
                "warning: config.toml:3: timeout takes a number, not a string",
                "warning: config.toml:4: expected '=' after key 'this', found 'line is not toml'",
            ])
    }

    @Test func setSaveChangesOneLineAndBadInputIsOneError() throws {
        let original = "# comics in my terminal\n\nimages = \"always\"  # pictures, please\n\n[notes]\nseen = 1\n"
        try write(original)
        let saved = try xkcd.run(
            ["set", "--save", "images", "never"], extraEnvironment: ["HOME": home.path, "XKCD_IMAGES": ""])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout == "images = never (saved to \(file.path))\n")
        let added = try xkcd.run(["set", "--save", "timeout", "9"], extraEnvironment: ["HOME": home.path])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == "# comics in my terminal\n\nimages = \"never\"  # pictures, please\ntimeout = 9\n\n[notes]\nseen = 1\n"
        )

        let unknown = try xkcd.run(["set", "--save", "imagse", "never"], extraEnvironment: ["HOME": home.path])
        #expect(unknown.status == 1)
        #expect(unknown.errorLines == ["error: no setting is called 'imagse' — did you mean 'images'?"])
        let bad = try xkcd.run(["set", "theme", "blue"], extraEnvironment: ["HOME": home.path])
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["error: theme takes one of auto, dark, light, not 'blue'"])
        #expect(try String(contentsOf: file, encoding: .utf8).contains("timeout = 9\n"), "nothing else changed")

        let one = try xkcd.run(["set", "timeout"], extraEnvironment: ["HOME": home.path, "XKCD_TIMEOUT": ""])
        #expect(one.stdout == "timeout  9  config.toml:4\n")
    }

    @Test func theFileCanBeNoneAndABadDataDirectorySaysWhereItCameFrom() throws {
        let none = try xkcd.run(["--config", "/dev/null", "set", "timeout"], extraEnvironment: ["HOME": home.path])
        #expect(none.status == 0 && none.stderr.isEmpty, "/dev/null: no settings, no warning")
        let empty = try xkcd.run(["--config", "", "set", "timeout"], extraEnvironment: ["HOME": home.path])
        #expect(empty.status == 0 && empty.stderr.isEmpty, "an empty name is no name")

        let notADirectory = home.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: notADirectory)
        let refused = try xkcd.run(
            ["set", "--save", "data-dir", notADirectory.path], extraEnvironment: ["HOME": home.path])
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["error: data-dir must be a directory, and \(notADirectory.path) is a file"])

        try write("data-dir = \"\(notADirectory.path)\"\n")
        var environment = fromTheFileAlone
        environment["XKCD_BASE_URL"] = server.baseURL.absoluteString
        let broken = try xkcd.run(["goto", "353"], extraEnvironment: environment)
        #expect(broken.status == 1)
        #expect(
            broken.errorLines == [
                "error: storage failed: \(notADirectory.path) is not a directory (data-dir is from config.toml:1; "
                    + "'xkcd set --save data-dir DIR' changes it)"
            ])
        let help = try xkcd.run(["help", "set"], extraEnvironment: environment)
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: set KEY [VALUE] [--save]"), "help needs no store")
    }

    @Test func savingWhatAVariableGivesSaysTheVariableStillWins() throws {
        let saved = try xkcd.run(
            ["set", "--save", "theme", "light"], extraEnvironment: ["HOME": home.path, "XKCD_THEME": "dark"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(
            saved.stdout
                == "theme = light (saved to \(file.path); XKCD_THEME still wins over the file while it is given)\n")
    }

    /// Runs the binary once per argument list, all at once; returns each run's status and output.
    func runAtOnce(_ runs: [[String]], environment: [String: String]) throws -> [(status: Int32, stdout: String)] {
        let scratch = home.appendingPathComponent("runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let started = try runs.enumerated().map { index, arguments in
            let output = scratch.appendingPathComponent("\(index)")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = XKCDBinary.url
            process.arguments = arguments
            process.environment = xkcd.environment.merging(environment) { _, new in new }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (process, output)
        }
        return try started.map { process, output in
            process.waitUntilExit()
            return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
        }
    }

    @Test func tenProcessesSavingAtOnceLoseNoSetting() throws {
        let values: [(key: String, value: String, written: String)] = [
            ("base-url", "http://a.example", "\"http://a.example\""),
            ("explain-url", "http://b.example", "\"http://b.example\""),
            ("offline", "true", "true"), ("image-cache-mb", "7", "7"), ("check-every", "9", "9"),
            ("timeout", "11", "11"),
            ("theme", "dark", "\"dark\""), ("color", "false", "false"), ("renderer", "ascii", "\"ascii\""),
            ("width", "42", "42"),
        ]
        let kept = "# mine\nshare-format = \"markdown\"\n\n[notes]\nseen = 1\n"
        for round in 1...5 {
            try write(kept)
            let runs = try runAtOnce(
                values.map { ["set", "--save", $0.key, $0.value] },
                environment: ["HOME": home.path, "XKCD_TIMEOUT": ""])
            for (run, setting) in zip(runs, values) {
                #expect(
                    run.status == 0 && run.stdout.contains("(saved to "),
                    "round \(round), \(setting.key): \(run.stdout)")
            }
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = Set(text.split(separator: "\n").map(String.init))
            for setting in values {
                #expect(
                    lines.contains("\(setting.key) = \(setting.written)"),
                    "round \(round): \(setting.key) lost:\n\(text)")
            }
            #expect(text.hasPrefix("# mine\nshare-format = \"markdown\"\n") && text.hasSuffix("\n[notes]\nseen = 1\n"))
            #expect(lines.count == 14, "nothing else in the file: \(text)")
        }
    }

    @Test func settingsCommandsNeedNoStoreSoABadDataDirectoryCanBeMended() throws {
        try write("data-dir = \"/proc/nope\"\n")
        var environment = fromTheFileAlone
        environment["XKCD_BASE_URL"] = server.baseURL.absoluteString
        let config = try xkcd.run(["config"], extraEnvironment: environment)
        #expect(config.status == 0 && config.stderr.isEmpty, "\(config.stderr)")
        #expect(config.stdout.contains("data-dir        /proc/nope"), "\(config.stdout)")
        let script = try xkcd.run(["-c", "set theme dark; set theme; set timeout"], extraEnvironment: environment)
        #expect(script.status == 0 && script.stdout.contains("theme  dark  set"), "\(script.stderr)")

        let mended = home.appendingPathComponent("ok")
        let saved = try xkcd.run(["set", "--save", "data-dir", "~/ok"], extraEnvironment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "data-dir = \"\(mended.path)\"\n")
        let shown = try xkcd.run(["goto", "353"], extraEnvironment: environment)
        #expect(shown.status == 0 && shown.stdout.contains("#353 · Python"), "\(shown.stderr)")
        #expect(FileManager.default.fileExists(atPath: mended.appendingPathComponent("xkcd.sqlite3").path))
    }

    @Test func aTildeIsHOMEInEveryPathGiven() throws {
        // HOME is the test's own folder, never the password database's home.
        #expect(home.path != FileManager.default.homeDirectoryForCurrentUser.path)
        let name = "xkcd-tilde-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(
                at: FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(name + ".png"))
        }
        let environment = ["HOME": home.path]
        let saved = try xkcd.run(["save", "353", "~/\(name).png"], extraEnvironment: environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(name + ".png").path))

        try Data("timeout = 4\n".utf8).write(to: home.appendingPathComponent("c.toml"))
        let named = try xkcd.run(
            ["--config", "~/c.toml", "set", "timeout"], extraEnvironment: ["HOME": home.path, "XKCD_TIMEOUT": ""])
        #expect(named.stdout == "timeout  4  c.toml:1\n" && named.stderr.isEmpty, "\(named.stderr)")

        #expect(try xkcd.run(["fav", "353"], extraEnvironment: environment).status == 0)
        let export = try xkcd.run(["--json", "favs"], extraEnvironment: environment)
        try Data(export.stdout.utf8).write(to: home.appendingPathComponent("favs.json"))
        let other = XKCDBinary(baseURL: server.baseURL, dataDirectory: home.appendingPathComponent("other"))
        let imported = try other.run(["fav", "import", "~/favs.json"], extraEnvironment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try other.run(["--offline", "favs"], extraEnvironment: environment).stdout.contains("#353 "))
    }

    @Test func aLineThatIsNotUTF8WarnsWithItsLineAndChangesNothing() throws {
        let bytes =
            Array("timeout = 3\ndata-dir = \"/tmp/a".utf8) + [0xFE] + Array("b\"\ntheme = \"dark\"\n".utf8)
        try Data(bytes).write(to: file)
        let run = try xkcd.run(["--json", "config"], extraEnvironment: fromTheFileAlone)
        #expect(run.status == 0)
        #expect(run.stderr == "warning: config.toml:2: not UTF-8 text (byte 0xFE)\n")
        let settings = try origins(run)
        #expect(settings["data-dir"]?.origin == "default", "the path is not changed to another")
        #expect(settings["timeout"]?.origin == "config.toml:1" && settings["theme"]?.origin == "config.toml:3")
    }

    @Test func textFromTheFileAndPathsInErrorsReachTheTerminalSafeAndShort() throws {
        try write(
            """
            "\\u001B]52;c;aGVsbG8=\\u0007\\u001B[2J\\u0000\\u0085\\u202E" = 1
            "\(String(repeating: "k", count: 900_000))" = 2
            timeout = 3 \u{1B}[2J
            """)
        let warned = try xkcd.run(["set", "timeout"], extraEnvironment: ["HOME": home.path])
        #expect(warned.status == 0)
        let hostile = "hostile-\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[2J\u{85}\u{202E}"
        let broken = home.appendingPathComponent(hostile)
        try Data("x".utf8).write(to: broken)
        let dataDirectory = try xkcd.run(
            ["latest"], extraEnvironment: ["XKCD_DATA_DIR": broken.appendingPathComponent("data").path])
        let config = try xkcd.run(["--config", broken.appendingPathComponent("c.toml").path, "config"])
        let save = try xkcd.run(["save", "353", broken.appendingPathComponent("x.png").path])
        let unsaved = try xkcd.run(
            ["set", "--save", "timeout", "5"],
            extraEnvironment: ["XKCD_CONFIG": broken.appendingPathComponent("c").path])
        for run in [warned, dataDirectory, config, save, unsaved] {
            #expect(!run.stderr.isEmpty)
            #expect(run.stderr.count < 2_000, "cut short: \(run.stderr.prefix(200).debugDescription)")
            let unsafe = run.stderr.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                    || (0x202A...0x202E).contains($0.value)
            }
            #expect(unsafe.isEmpty, "raw controls on the terminal: \(run.stderr.debugDescription.prefix(300))")
        }
        let quoted = warned.stderr.contains("unknown setting ']52;c;aGVsbG8=[2J'")
        #expect(quoted, "\(warned.stderr.prefix(300).debugDescription)")
    }

    // The picture after each move: a terminal that answers the graphics question, with the
    // program's own choice of renderer.
    func terminal(_ arguments: [String], term: String, images: String = "") throws -> PseudoTerminal {
        var environment = xkcd.environment
        environment["TERM"] = term
        environment["XKCD_IMAGES"] = images
        return try PseudoTerminal(
            executable: XKCDBinary.url, arguments: arguments, environment: environment, columns: 80, rows: 40)
    }

    @Test func kittyGetsThePictureAfterTheCard() throws {
        let kitty = try terminal(["goto", "353"], term: "xterm-kitty")
        #expect(try kitty.waitForExit() == 0)
        let output = kitty.output
        let card = try #require(output.range(of: "Python"))
        let picture = try #require(output.range(of: "\u{1B}_G"), "a kitty picture")
        #expect(card.lowerBound < picture.lowerBound, "the card, then the picture")
    }

    @Test func aMoveOutsideTheREPLAsksTheTerminalNothing() throws {
        let plain = try terminal(["goto", "353", "--theme", "light"], term: "xterm-256color")
        #expect(try plain.waitForExit() == 0)
        #expect(plain.output.withoutEscapes.contains("#353 · Python"))
        #expect(!plain.output.contains("\u{1B}[c"), "no question: the environment decides")
        #expect(!plain.output.contains("▀") && !plain.output.contains("\u{1B}P"), "auto: no pixels, no picture")

        let always = try terminal(["goto", "353", "--theme", "light"], term: "xterm-256color", images: "always")
        _ = try always.waitFor("\u{1B}[c")
        always.send("\u{1B}[?62;1;2;6;9;15;22c")
        #expect(try always.waitForExit() == 0)
        #expect(always.output.contains("▀") || always.output.contains("▄"), "always: half-blocks")
    }

    @Test func theREPLAsksOnceAndASixelTerminalGetsThePictureAfterEachMove() throws {
        var environment = xkcd.environment
        environment["XKCD_IMAGES"] = ""
        let repl = try PseudoTerminal(
            executable: XKCDBinary.url, arguments: ["--theme", "light"], environment: environment, columns: 80,
            rows: 40)
        _ = try repl.waitFor("xkcd> ")
        repl.sendLine("goto 353")
        _ = try repl.waitFor("\u{1B}[c")
        repl.send("\u{1B}[?1;0;256S\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;4;6;9;15;22c")
        _ = try repl.waitFor("\u{1B}\\")
        _ = try repl.waitFor("xkcd #353> ")
        repl.sendLine("next")
        let after = try repl.waitFor("xkcd #354> ")
        let second = after[after.range(of: "xkcd #353> ")!.upperBound...]
        #expect(second.contains("\u{1B}P"), "the next comic's picture too")
        #expect(!second.contains("\u{1B}[c"), "asked once")
        repl.send("\u{04}")
        #expect(try repl.waitForExit() == 0)
    }

    @Test func jsonAndPipesNeverCarryAPicture() throws {
        let json = try terminal(["--json", "goto", "353"], term: "xterm-kitty", images: "always")
        #expect(try json.waitForExit() == 0)
        #expect(!json.output.contains("\u{1B}"), "no escape at all in JSON")
        #expect(json.output.contains(#""num":353"#) || json.output.contains(#""num": 353"#))

        let piped = try xkcd.run(["goto", "353"], extraEnvironment: ["TERM": "xterm-kitty", "XKCD_IMAGES": "always"])
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("#353 · Python") && !piped.stdout.contains("\u{1B}"))
    }

    @Test func theREPLSetsAndTabCompletesSettings() throws {
        var environment = xkcd.environment
        environment["HOME"] = home.path
        let repl = try PseudoTerminal(executable: XKCDBinary.url, environment: environment, columns: 100, rows: 30)
        _ = try repl.waitFor("xkcd> ")
        repl.send("set sha\t")
        _ = try repl.waitFor("re-format ")
        repl.send("mar\t")
        _ = try repl.waitFor("kdown ")
        repl.send("\r")
        _ = try repl.waitFor("share-format = markdown (for this session)")
        repl.sendLine("share 353")
        _ = try repl.waitFor("](https://xkcd.com/353/)")
        repl.sendLine("config")
        _ = try repl.waitFor("images")
        let listed = try repl.waitFor("xkcd> ").withoutEscapes
        #expect(listed.contains("share-format    markdown"))
        repl.send("\u{04}")
        #expect(try repl.waitForExit() == 0)
    }
}
