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
                "error: storage failed: \(notADirectory.path) is not a directory (data-dir is from config.toml:1)"
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
