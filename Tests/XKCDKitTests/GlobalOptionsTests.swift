import Foundation
import Testing

@testable import XKCDKit

@Suite struct GlobalOptionsTests {
    @Test func commandsAndOptionsShareOneDidYouMean() {
        #expect(EditDistance.closest(to: "serach", among: ["search", "save", "share"]) == "search")
        #expect(EditDistance.closest(to: "--ofline", among: ["--offline", "--json"]) == "--offline")
        #expect(EditDistance.closest(to: "--verison", among: ["--version", "--verbose"]) == "--version")
        #expect(EditDistance.closest(to: "fa", among: ["fav", "favs"]) == "fav", "a start of two letters")
        #expect(EditDistance.closest(to: "xyz", among: ["fav", "alt"]) == nil)
        #expect(EditDistance.closest(to: "alr", among: ["alt"]) == "alt", "one edit in a short name")
        #expect(EditDistance.closest(to: "axx", among: ["alt"]) == nil, "two in a short name is too far")
    }

    @Test func flagsBeatEnvironmentWhichBeatsDefaults() throws {
        let env: Environment = [
            "XKCD_BASE_URL": "http://127.0.0.1:9/", "XKCD_DATA_DIR": "/tmp/env-dir", "HOME": "/home/u",
        ]
        let fromEnv = try GlobalOptions.parse(arguments: [], environment: env)
        #expect(fromEnv.settings.baseURL.absoluteString == "http://127.0.0.1:9")
        #expect(fromEnv.settings.dataDirectory.path == "/tmp/env-dir")
        let flags = try GlobalOptions.parse(
            arguments: ["--base-url", "http://localhost:8080", "--data-dir=/tmp/flag", "goto", "353"],
            environment: env)
        #expect(flags.settings.baseURL.absoluteString == "http://localhost:8080")
        #expect(flags.settings.dataDirectory.path == "/tmp/flag")
        #expect(flags.words == ["goto", "353"])
        let defaults = try GlobalOptions.parse(arguments: [], environment: ["HOME": "/home/u"])
        #expect(defaults.settings.baseURL.absoluteString == "https://xkcd.com")
        #if !os(macOS)
            #expect(defaults.settings.dataDirectory.path == "/home/u/.local/share/xkcd")
            let xdg = try GlobalOptions.parse(arguments: [], environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/x"])
            #expect(xdg.settings.dataDirectory.path == "/x/xkcd")
        #endif
    }

    @Test func colourAndJSON() throws {
        #expect(try GlobalOptions.parse(arguments: ["--no-color"], environment: [:]).settings.color == false)
        #expect(try GlobalOptions.parse(arguments: [], environment: ["NO_COLOR": "1"]).settings.color == false)
        #expect(try GlobalOptions.parse(arguments: [], environment: ["NO_COLOR": ""]).settings.color)
        #expect(try GlobalOptions.parse(arguments: ["--json", "latest"], environment: [:]).json)
    }

    @Test func commandStringAndNegativeNumbersAsCommands() throws {
        #expect(
            try GlobalOptions.parse(arguments: ["-c", "goto 1; next"], environment: [:]).commandString == "goto 1; next"
        )
        // A negative number is a (bad) command, not an option.
        #expect(try GlobalOptions.parse(arguments: ["-3"], environment: [:]).words == ["-3"])
    }

    @Test func badOptionsAreUsageErrors() {
        #expect(throws: UsageError.self) { try GlobalOptions.parse(arguments: ["--bogus"], environment: [:]) }
        #expect(throws: UsageError.self) { try GlobalOptions.parse(arguments: ["--base-url"], environment: [:]) }
        #expect(throws: UsageError.self) {
            try GlobalOptions.parse(arguments: ["--base-url", "ftp://x"], environment: [:])
        }
        #expect(throws: UsageError.self) {
            try GlobalOptions.parse(arguments: [], environment: ["XKCD_BASE_URL": "not a url"])
        }
        #expect(throws: UsageError.self) {
            try GlobalOptions.parse(arguments: ["-c", "latest", "first"], environment: [:])
        }
        #expect(throws: UsageError.self) { try GlobalOptions.parse(arguments: ["--timeout", "-1"], environment: [:]) }
    }
}

@Suite struct GlobalOptionSpecTests {
    @Test func everyOptionIsDefinedOnceWithNamesOfItsOwn() {
        let keys = GlobalOptionSpec.all.map { "\($0.key)" }
        #expect(Set(keys).count == keys.count)
        let names = GlobalOptionSpec.all.flatMap { $0.names + $0.otherSpellings }
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("-") })
    }

    @Test func environmentFallbacksComeFromTheTable() throws {
        #expect(try GlobalOptions.parse(arguments: [], environment: ["XKCD_OFFLINE": "yes"]).settings.offline)
        #expect(try !GlobalOptions.parse(arguments: [], environment: ["XKCD_OFFLINE": "0"]).settings.offline)
        #expect(try GlobalOptions.parse(arguments: [], environment: ["XKCD_TIMEOUT": "2"]).settings.timeout == 2)
        #expect(
            try GlobalOptions.parse(arguments: ["--timeout=3"], environment: ["XKCD_TIMEOUT": "2"]).settings.timeout
                == 3)
        #expect(try GlobalOptions.parse(arguments: ["--no-colour"], environment: [:]).settings.color == false)
    }

    @Test func unknownOptionsSuggestTheNearestAndFlagsTakeNoValue() {
        #expect(throws: UsageError("unknown option '--data-di' — did you mean '--data-dir'?")) {
            try GlobalOptions.parse(arguments: ["--data-di", "/x"], environment: [:])
        }
        #expect(throws: UsageError("unknown option '--frobnicate' — try 'xkcd --help'")) {
            try GlobalOptions.parse(arguments: ["--frobnicate"], environment: [:])
        }
        #expect(throws: UsageError("--json takes no value (got '--json=yes')")) {
            try GlobalOptions.parse(arguments: ["--json=yes"], environment: [:])
        }
        #expect(throws: UsageError("--data-dir needs a value — e.g. --data-dir DIR")) {
            try GlobalOptions.parse(arguments: ["--data-dir"], environment: [:])
        }
    }

    @Test func helpTakesACommandAndGeneratorsTakeAShell() throws {
        let help = try GlobalOptions.parse(arguments: ["--help", "goto"], environment: [:])
        #expect(help.showHelp && help.words == ["goto"])
        #expect(
            try GlobalOptions.parse(arguments: ["--generate-completion-script", "fish"], environment: [:])
                .completionScript == .fish)
        #expect(throws: UsageError("--generate-completion-script takes one of bash, zsh, fish, not 'tcsh'")) {
            try GlobalOptions.parse(arguments: ["--generate-completion-script=tcsh"], environment: [:])
        }
        #expect(try GlobalOptions.parse(arguments: ["--generate-manual"], environment: [:]).showManual)
    }

    @Test func globalOptionsStandAnywhereOnAOneShotLine() throws {
        let favs = try GlobalOptions.parse(arguments: ["favs", "--json"], environment: [:])
        #expect(favs.json && favs.words == ["favs"])
        let search = try GlobalOptions.parse(
            arguments: ["search", "python", "--offline", "--data-dir", "/tmp/d"], environment: [:])
        #expect(
            search.settings.offline && search.words == ["search", "python"]
                && search.settings.dataDirectory.path == "/tmp/d")
        let own = try GlobalOptions.parse(arguments: ["sync", "--jobs", "4", "--images"], environment: [:])
        #expect(own.words == ["sync", "--jobs", "4", "--images"], "a command's own options stay with it")
        let help = try GlobalOptions.parse(arguments: ["goto", "353", "--help"], environment: [:])
        #expect(help.showHelp && help.words == ["goto", "353"])
    }

    @Test func doubleDashEndsGlobalOptions() throws {
        let search = try GlobalOptions.parse(arguments: ["search", "--", "--json"], environment: [:])
        #expect(!search.json && search.words == ["search", "--", "--json"], "the command's scanner sees '--' too")
        let leading = try GlobalOptions.parse(arguments: ["--json", "--", "goto", "353"], environment: [:])
        #expect(leading.json && leading.words == ["goto", "353"])
        #expect(throws: UsageError("unknown option '--bogus' — try 'xkcd --help'")) {
            try GlobalOptions.parse(arguments: ["--bogus", "favs"], environment: [:])
        }
    }
}
