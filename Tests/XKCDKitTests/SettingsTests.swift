import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// Settings: a flag, then the environment, then config.toml, then the default; what is wrong
/// in the file is a warning naming its line, and the rest applies.
@Suite struct SettingsTests {
    static let file = URL(fileURLWithPath: "/home/u/.config/xkcd/config.toml")

    func resolve(
        _ text: String?, environment: [String: String] = [:],
        flags: [(key: SettingKey, flag: String, value: String)] = []
    ) throws -> (settings: Settings, warnings: [String]) {
        try resolve(bytes: text.map { Array($0.utf8) }, environment: environment, flags: flags)
    }

    func resolve(
        bytes: [UInt8]?, environment: [String: String] = [:],
        flags: [(key: SettingKey, flag: String, value: String)] = []
    ) throws -> (settings: Settings, warnings: [String]) {
        try Settings.resolve(
            file: Self.file, fileBytes: bytes,
            environment: Environment(environment.merging(["HOME": "/home/u"]) { a, _ in a }),
            flags: flags)
    }

    @Test func eachValueSaysWhereItCameFrom() throws {
        let text = """
            # my settings
            timeout = 5
            theme = "dark"
            images = "always"
            data-dir = "~/comics"
            """
        let (settings, warnings) = try resolve(
            text, environment: ["XKCD_THEME": "light", "XKCD_IMAGES": "never"],
            flags: [(.images, "--images", "auto")])
        #expect(warnings.isEmpty)
        #expect(settings[.timeout] == Settings.Value(text: "5", origin: .file(name: "config.toml", line: 2)))
        #expect(settings[.timeout].origin.shown == "config.toml:2")
        #expect(settings[.theme] == Settings.Value(text: "light", origin: .environment("XKCD_THEME")), "env over file")
        #expect(settings[.images] == Settings.Value(text: "auto", origin: .flag("--images")), "a flag over both")
        #expect(settings[.images].origin.shown == "--images")
        #expect(settings[.baseURL] == Settings.Value(text: "https://xkcd.com", origin: .builtIn))
        #expect(settings[.baseURL].origin.shown == "default")
        #expect(settings[.dataDirectory].text == "/home/u/comics", "~ is the home directory")
        #expect(settings.timeout == 5 && settings.theme == .light && settings.images == .auto)
    }

    @Test func theDataDirectoryDefaultsToTheXDGPlace() throws {
        let plain = try resolve(nil).settings
        #expect(plain[.dataDirectory] == Settings.Value(text: "/home/u/.local/share/xkcd", origin: .builtIn))
        let xdg = try resolve(nil, environment: ["XDG_DATA_HOME": "/data"]).settings
        #expect(xdg[.dataDirectory].text == "/data/xkcd")
    }

    @Test func colourAndOfflineComeFromTheirOwnSpellings() throws {
        let file = try resolve("color = false\noffline = true").settings
        #expect(!file.color && file.offline)
        let noColor = try resolve("color = true", environment: ["NO_COLOR": "1"]).settings
        #expect(noColor[.color] == Settings.Value(text: "false", origin: .environment("NO_COLOR")))
        let flag = try resolve(nil, flags: [(.color, "--no-color", "false"), (.offline, "--offline", "true")])
            .settings
        #expect(flag[.color].origin.shown == "--no-color" && flag.offline)
        let off = try resolve("offline = true", environment: ["XKCD_OFFLINE": "0"]).settings
        #expect(!off.offline, "XKCD_OFFLINE=0 says no")
    }

    @Test func aBrokenFileWarnsLineByLineAndTheRestApplies() throws {
        let text = """
            timeout = 7
            them = "dark"
            images = 3
            theme = "blue"
            this is not toml
            renderer = "kitty"
            [table]
            width = 60
            """
        let (settings, warnings) = try resolve(text)
        #expect(
            warnings == [
                "config.toml:2: unknown setting 'them' — did you mean 'theme'?",
                "config.toml:3: images takes a string in quotes, not a number",
                "config.toml:4: theme takes one of auto, dark, light, not 'blue'",
                "config.toml:5: expected '=' after key 'this', found 'is not toml'",
                "config.toml:8: 'width' under [table] is not read: settings go before any [table]",
            ])
        #expect(settings.timeout == 7 && settings.renderer == .kitty)
        #expect(settings.images == .auto && settings.theme == .auto, "what was wrong keeps its default")
    }

    @Test func smallMistakesGetPointedAnswers() throws {
        let (settings, warnings) = try resolve("data-dir = \"comics\"\nwidth = 80.5\nIMAGES = \"never\"")
        #expect(
            settings[.dataDirectory].text == "/home/u/.config/xkcd/comics", "relative to the file, wherever xkcd runs")
        #expect(
            warnings == [
                "config.toml:2: width takes a whole number of columns or \"auto\", not 80.5",
                "config.toml:3: unknown setting 'IMAGES' — did you mean 'images'?",
            ])
        #expect(throws: UsageError("write a space, not '=': set images always")) { try Settings.spec("images=always") }
        var typed = settings
        #expect(throws: UsageError.self) { try typed.set("base-url", "http://a\nb=1") }
        let garbage = String(repeating: "not toml at all\n", count: 50)
        let buried = try resolve(garbage).warnings
        #expect(buried.count == Settings.warningsShown + 1)
        #expect(buried.last == "config.toml: 40 more problems — is it a TOML file?")
    }

    @Test func aBadFlagOrVariableIsAnErrorNamingIt() {
        #expect(throws: UsageError("--timeout takes seconds from 0.1 to 600, not 'soon'")) {
            try resolve(nil, flags: [(.timeout, "--timeout", "soon")])
        }
        #expect(throws: UsageError("--timeout takes seconds from 0.1 to 600, not '0'"), "one range, one wording") {
            try resolve(nil, flags: [(.timeout, "--timeout", "0")])
        }
        #expect(throws: UsageError("--check-every takes minutes from 1/60 to 10080, or 0 for none, not '0.001'")) {
            try resolve(nil, flags: [(.checkEvery, "--check-every", "0.001")])
        }
        #expect(throws: UsageError("XKCD_IMAGES: images takes one of auto, always, never, not 'some'")) {
            try resolve(nil, environment: ["XKCD_IMAGES": "some"])
        }
        #expect(throws: UsageError("--base-url needs an http(s) URL (got 'ftp://x')")) {
            try resolve(nil, flags: [(.baseURL, "--base-url", "ftp://x")])
        }
    }

    @Test func everyKeyHasOneRowAndItsDefaultIsThePreferencesOwn() {
        #expect(SettingSpec.all.map(\.key) == SettingKey.allCases)
        let builtIn = Preferences(dataDirectory: URL(fileURLWithPath: "/d"))
        for spec in SettingSpec.all where spec.key != .dataDirectory {
            #expect(spec.defaultValue == builtIn.text(spec.key), "\(spec.name)")
            var copy = builtIn
            copy.set(spec.key, checked: spec.defaultValue)
            #expect(copy == builtIn, "\(spec.name): its text reads back as the same value")
        }
        #expect(GlobalOptionSpec.named("--timeout")?.defaultValue == "15")
    }

    @Test func setChecksTheKeyAndTheValue() throws {
        var settings = try resolve(nil).settings
        #expect(try settings.set("Images", "NEVER").key == .images)
        #expect(settings[.images] == Settings.Value(text: "never", origin: .set))
        #expect(try settings.set("width", "60").key == .width && settings.width == 60)
        #expect(try settings.set("width", "auto").key == .width && settings.width == nil)
        #expect(try settings.set("check-every", "0.5").key == .checkEvery && settings.checkInterval == 30)
        #expect(throws: UsageError("no setting is called 'imags' — did you mean 'images'?")) {
            try settings.set("imags", "never")
        }
        #expect(throws: UsageError("no setting is called 'xyzzy' — 'config' lists them")) {
            try settings.set("xyzzy", "1")
        }
        #expect(throws: UsageError("width takes auto or a number of columns from 1 to \(ImageFit.maxColumns), not '0'"))
        {
            try settings.set("width", "0")
        }
        #expect(throws: UsageError("offline takes true or false, not 'maybe'")) { try settings.set("offline", "maybe") }
    }

    @Test func theFileIsFoundWhereItIsNamedOrKept() {
        let home: Environment = ["HOME": "/home/u"]
        #expect(Settings.fileLocation(flag: nil, environment: home).url.path == "/home/u/.config/xkcd/config.toml")
        #expect(
            Settings.fileLocation(flag: nil, environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg"]).url.path
                == "/cfg/xkcd/config.toml")
        let named = Settings.fileLocation(flag: nil, environment: ["HOME": "/home/u", "XKCD_CONFIG": "/etc/x.toml"])
        #expect(named.url.path == "/etc/x.toml" && named.named)
        #expect(Settings.fileLocation(flag: "/tmp/y.toml", environment: home).url.path == "/tmp/y.toml")
    }

    @Test func aTildeInTheFilesNameIsHOME() throws {
        let home: Environment = ["HOME": "/home/u"]
        #expect(Settings.fileLocation(flag: "~/c.toml", environment: home).url.path == "/home/u/c.toml")
        #expect(
            Settings.fileLocation(flag: nil, environment: ["HOME": "/home/u", "XKCD_CONFIG": "~/x.toml"]).url.path
                == "/home/u/x.toml")
        #expect(try resolve("data-dir = \"~/comics\"").settings[.dataDirectory].text == "/home/u/comics")
    }

    @Test func aLineThatIsNotUTF8WarnsAndIsSkippedAndNothingElseIsLost() throws {
        let lines: [[UInt8]] = [
            Array("timeout = 7".utf8),
            Array("theme = \"da".utf8) + [0xFF] + Array("rk\"".utf8),
            Array("data-dir = \"/tmp/a".utf8) + [0xC3, 0x28] + Array("b\"".utf8),
            Array("# caf".utf8) + [0xE9],
            Array("s = '''".utf8),
            Array("ok".utf8),
            [0xED, 0xA0, 0x80],
            Array("'''".utf8),
            Array("images = \"never\"".utf8),
            [0xFE] + Array(" = 1".utf8),
            Array("renderer = \"kitty\" # ok: é".utf8),
        ]
        let (settings, warnings) = try resolve(bytes: Array(lines.joined(separator: [0x0A])))
        #expect(
            warnings == [
                "config.toml:2: not UTF-8 text (byte 0xFF)",
                "config.toml:3: not UTF-8 text (byte 0xC3)",
                "config.toml:4: not UTF-8 text (byte 0xE9)",
                "config.toml:7: not UTF-8 text (byte 0xED)",
                "config.toml:10: not UTF-8 text (byte 0xFE)",
            ])
        #expect(settings.theme == .auto && settings[.dataDirectory].origin == .builtIn, "no value changes unseen")
        #expect(settings.timeout == 7 && settings.images == .never && settings.renderer == .kitty)
    }

    @Test func whatTheFileHoldsIsQuotedSafeAndShort() throws {
        let hostile = "\u{1B}]52;c;aGVsbG8=\u{07}\u{1B}[2J\u{85}\u{202E}\u{9B}31m"
        let escaped = hostile.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value)
                ? String(scalar)
                : "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
        }.joined()
        let long = String(repeating: "k", count: 900_000)
        let text = """
            "\(escaped)\\u0000" = 1
            "\(long)" = 2
            garbage \(hostile) here
            ["\(escaped)"]
            theme = "dark"
            """
        let file = URL(fileURLWithPath: "/home/u/\(hostile)\(long).toml")
        let (_, warnings) = try Settings.resolve(
            file: file, fileBytes: Array(text.utf8), environment: ["HOME": "/home/u"], flags: [])
        #expect(warnings.count == 4)
        for warning in warnings {
            #expect(warning.count < 400, "cut short: \(warning.prefix(100))")
            #expect(
                TerminalSanitizer.sanitize(warning, multiline: false) == warning,
                "safe to print: \(warning.prefix(100))")
        }
        #expect(warnings.first?.contains(":1: unknown setting ']52;c;aGVsbG8=[2J31m'") == true, "\(warnings)")
        #expect(warnings.dropFirst().first?.hasSuffix(":2: unknown setting '\(long.prefix(40))…'") == true)
    }

    @Test func saveKeepsEveryOtherByteOfTheFile() throws {
        let directory = try ScratchDirectory("settings")
        let url = directory.url.appendingPathComponent("xkcd/config.toml")
        let spec = try #require(SettingSpec.named("timeout"))
        try SettingsFile.write(spec, "9", to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "timeout = 9\n", "a new file, its directory too")

        let original = "# mine\r\n\r\ntheme   =  \"dark\"   # I like it dark\r\ntimeout = 5\r\nimages = \"never\"\r\n"
        try Data(original.utf8).write(to: url)
        try SettingsFile.write(spec, "12.5", to: url)
        try SettingsFile.write(try #require(SettingSpec.named("theme")), "light", to: url)
        try SettingsFile.write(try #require(SettingSpec.named("offline")), "true", to: url)
        #expect(
            try String(contentsOf: url, encoding: .utf8)
                == "# mine\r\n\r\ntheme   =  \"light\"   # I like it dark\r\ntimeout = 12.5\r\nimages = \"never\"\r\n"
                + "offline = true\r\n")
        let reread = try resolve(try String(contentsOf: url, encoding: .utf8))
        #expect(reread.warnings.isEmpty && reread.settings.timeout == 12.5 && reread.settings.offline)
    }

    @Test func globalOptionsReadTheFileTheyName() throws {
        let read: (URL) throws -> [UInt8]? = { url in
            url.path == "/etc/xkcd.toml" ? Array("timeout = 3\nimages = \"never\"".utf8) : nil
        }
        let options = try GlobalOptions.parse(
            arguments: ["--config", "/etc/xkcd.toml", "goto", "1"], environment: ["HOME": "/h"], readFile: read)
        #expect(options.settings.timeout == 3 && options.settings.images == .never && options.words == ["goto", "1"])
        #expect(options.warnings.isEmpty)
        let missing = try GlobalOptions.parse(
            arguments: ["latest"], environment: ["HOME": "/h", "XKCD_CONFIG": "/nope.toml"], readFile: read)
        #expect(missing.warnings == ["/nope.toml: no such file — the settings are the defaults"])
        let quiet = try GlobalOptions.parse(arguments: ["latest"], environment: ["HOME": "/h"], readFile: read)
        #expect(quiet.warnings.isEmpty, "no file where none was named is the usual case")
        let unreadable = try GlobalOptions.parse(
            arguments: ["latest"], environment: ["HOME": "/h"], readFile: { _ in throw POSIXError(.EACCES) })
        #expect(
            unreadable.warnings.count == 1
                && unreadable.warnings[0].hasPrefix("/h/.config/xkcd/config.toml: cannot be read"))
    }

    @Test func aCommandsOwnOptionIsNotTakenForAGlobalOne() throws {
        let sync = try GlobalOptions.parse(arguments: ["sync", "--images"], environment: [:])
        #expect(sync.words == ["sync", "--images"] && sync.settings.images == .auto)
        let global = try GlobalOptions.parse(arguments: ["--images", "always", "sync"], environment: [:])
        #expect(global.words == ["sync"] && global.settings.images == .always)
        let after = try GlobalOptions.parse(arguments: ["goto", "1", "--images=never"], environment: [:])
        #expect(after.words == ["goto", "1"] && after.settings.images == .never)
    }
}
