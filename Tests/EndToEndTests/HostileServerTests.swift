import Foundation
import TestSupport
import Testing

/// A server whose every text field, and whose explanation, is hostile: escape sequences,
/// controls, bidi overrides, zero-width and combining floods, 100 KB strings. Nothing it
/// sends reaches the terminal as a control, and every line fits the width.
struct HostileServerTests {
    /// ESC/CSI/OSC/DCS sequences, C0 and C1 controls, bidi overrides and isolates.
    static let escapes =
        "Esc\u{1B}[2J\u{1B}[31;1mred\u{1B}]0;title\u{07}\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\u{1B}P1;2|dcs\u{1B}\\\u{1B}c\u{1B}7\u{1B}8\u{9B}31m\u{9D}osc\u{9C}\u{90}dcs\u{85}\u{7F}\u{08}\u{0D}\u{0B}\u{0C}\u{00}\u{07}\t"
        + "\u{202E}desrever\u{202C}\u{2066}iso\u{2069}\u{2067}\u{2068}\u{202A}\u{202B}\u{202D}end"
    /// Zero-width characters and a combining flood on one letter.
    static let floods =
        "z" + String(repeating: "\u{200B}\u{200D}\u{FEFF}\u{2060}", count: 500)
        + "e" + String(repeating: "\u{0301}\u{0336}", count: 500) + " done"
    /// 100 KB: words of wide characters, one very long word, hostile bits between.
    static let huge =
        String(repeating: "漢字かな " + escapes + " ", count: 500)
        + String(repeating: "W", count: 20_000) + String(repeating: "word ", count: 10_000)

    static func field(_ name: String) -> String { "\(name) \(escapes) \(floods)" }

    static func comicBody(num: Int, img: String) -> Data {
        let fields: [String: Any] = [
            "num": num, "year": "2022", "month": "9", "day": "1",
            "title": field("Title") + "<b>&amp;</b>", "safe_title": field("Safe"),
            "alt": field("Alt") + huge, "transcript": field("Transcript") + "\n" + huge,
            "news": field("News") + "<a href=\"javascript:alert(1)\">x</a>",
            "link": "https://evil.example/\u{1B}[2J\u{202E}", "img": img,
        ]
        return try! JSONSerialization.data(withJSONObject: fields)
    }

    static let wikitext = """
        {{comic
        | number    = 3000
        | title     = \(field("Wiki title"))
        }}

        ==Explanation==
        \(field("Explained")) '''bold \(escapes)''' [[Link|\(floods)]] {{w|Page|\(escapes)}}
        <span style="x">\(escapes)</span> <code>\(escapes)</code>
        * \(huge)
        :\(escapes)

        ==Transcript==
        \(field("Transcript"))
        {| class="wikitable"
        | \(escapes) || \(floods)
        |}
        """

    /// A loopback serving the hostile comic #3000 (the newest) and its explanation; `check`
    /// has looked once before it was published, so the next `check` reports it.
    static func hostileLoopback() throws -> Loopback {
        let loopback = try Loopback()
        #expect(try loopback.xkcd.run(["check"]).status == 0)
        let base = loopback.server.baseURL.absoluteString
        loopback.server.publish(num: 3000, body: comicBody(num: 3000, img: "\(base)/imgs/comics/hostile.png"))
        loopback.server.publish(
            num: 2999, body: comicBody(num: 2999, img: "\(base)/imgs/comics/a\u{1B}[2J\u{07}\u{202E}.png"))
        loopback.server.setExplanation(num: 3000, title: field("Wiki"), wikitext: wikitext)
        return loopback
    }

    /// Commands whose layout fits the terminal, in a pipe too: cards, texts, explanations, lists.
    static let fitting = [
        "goto 3000", "latest", "show", "explain", "explain --all", "show 2999", "history", "favs", "search Title",
        "image 3000 --width 18",
    ]
    /// Texts a pipe gets whole, one line a paragraph, as `--json` has them: the alt text and
    /// xkcd's own transcript (on a terminal they fit it).
    static let whole = ["alt", "transcript"]
    /// Commands that print one line per item or a sentence in a pipe, whatever the width (on a
    /// terminal they fit it); `check` comes first, to report #3000.
    static let oneLine = ["check", "fav 3000", "goto title", "search desrever", "unread", "cache stats"]
    /// Messages to paste elsewhere, printed whole whatever the width.
    static let pasted = ["share", "share --markdown", "share --mailto"]

    @Test(arguments: [20, 40, 80, 132])
    func everyCommandPrintsNoForeignControlAndFitsTheWidth(columns: Int) throws {
        let loopback = try Self.hostileLoopback()
        let environment = ["COLUMNS": String(columns), "PAGER": "cat"]
        let lines = try loopback.xkcd.run(
            [], stdin: (Self.oneLine + Self.pasted + Self.whole).joined(separator: "\n") + "\n",
            extraEnvironment: environment)
        #expect([0, 1].contains(lines.status), "\(lines.stderr)")
        #expect(
            lines.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("note: ") },
            "\(lines.stderr)")
        #expect(lines.stdout.contains("#3000"))
        #expect(OutputHygiene.problems(in: lines.stdout + lines.stderr).isEmpty, "\(lines.stdout.prefix(2000))")
        let run = try loopback.xkcd.run(
            [], stdin: Self.fitting.joined(separator: "\n") + "\n", extraEnvironment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("desrever"), "the visible text is kept")
        #expect(run.stdout.contains("Explained"), "the explanation is shown")
        let problems = OutputHygiene.problems(in: run.stdout, width: columns)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        #expect(OutputHygiene.problems(in: run.stderr).isEmpty, "\(run.stderr)")
    }

    /// On a terminal every command fits it, and the program writes colour and hyperlinks: those,
    /// and nothing the server sent.
    @Test(arguments: [20, 40, 80])
    func onAColourTerminalOnlyTheProgramsOwnEscapesAppearAndEveryCommandFits(columns: Int) throws {
        let loopback = try Self.hostileLoopback()
        #expect(try loopback.xkcd.run(["sync"]).status == 0)
        var environment = loopback.xkcd.environment
        environment["PAGER"] = "cat"
        environment["TERM_PROGRAM"] = "WezTerm"
        var shown = ""
        // `cache stats` shows no server text, and its values keep ten columns on the narrowest terminal.
        let commands = Self.oneLine + Self.fitting + Self.whole + Self.pasted
        for command in commands where !command.hasPrefix("image") && command != "cache stats" {
            let terminal = try PseudoTerminal(
                executable: XKCDBinary.url, arguments: command.split(separator: " ").map(String.init),
                environment: environment, columns: UInt16(columns))
            let status = try terminal.waitForExit(timeout: .seconds(60))
            let output = terminal.output.replacingOccurrences(of: "\r\n", with: "\n")
            #expect([0, 1].contains(status), "\(command): \(output.prefix(300))")
            let problems = OutputHygiene.problems(
                in: output, width: Self.pasted.contains(command) ? nil : columns, escapes: .colour)
            #expect(problems.isEmpty, "\(command): \(problems.prefix(10))")
            shown += output
        }
        #expect(shown.contains("\u{1B}[1m") && shown.contains("\u{1B}]8;;https://"), "colour and hyperlinks were on")
        for text in ["#3000", "desrever", "Explained", "favorite now"] {
            #expect(shown.contains(text), "\(text.debugDescription) was shown")
        }
    }

    @Test func jsonEscapesWhatItCarries() throws {
        let loopback = try Self.hostileLoopback()
        let run = try loopback.xkcd.run([
            "--json", "-c", "check; latest; show; show 2999; explain; share; fav; favs; history; search Safe",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(OutputHygiene.problems(in: run.stdout).isEmpty)
        for line in run.stdout.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(80))")
        }
    }

    @Test func aPageOfEveryTableRowTheWikiAllowsIsReadAtOnce() throws {
        // Anyone may save such a page: an answer of 2 MiB, the most taken, of empty rows (four
        // bytes each in JSON), each of which a reader that copied the table at every row paid
        // for with all the rows before it.
        let loopback = try Loopback()
        let rows = String(repeating: "|-\n", count: (2 << 20) / 4 - 1000)
        loopback.server.setExplanation(
            num: 353, title: "353: Python",
            wikitext: "==Explanation==\nCueball flies by importing antigravity.\n{|\n" + rows + "|}\nThe end.\n")
        let bound = ["/usr/bin/timeout", "-k", "5", "120"]
        let run = try loopback.xkcd.run(["explain", "353"], through: bound)
        #expect(run.status == 0, "\(run.status): \(run.stderr)")
        #expect(run.stdout.contains("importing antigravity") && run.stdout.contains("The end."), "\(run.stdout)")
        let search = try loopback.xkcd.run(["--offline", "search", "importing antigravity"], through: bound)
        #expect(search.status == 0 && search.stdout.contains("#353"), "\(search.stderr)")
    }

    @Test func errorsQuotingServerTextAreClean() throws {
        let loopback = try Loopback()
        loopback.server.setFault(
            .status(500, body: Self.escapes, headers: ["Retry-After": "0", "X-Evil": "\u{1B}[2J"]),
            for: "/3/info.0.json")
        loopback.server.setFault(
            .body(
                #"{"error": {"code": "x\u001b[2J", "info": ""#
                    + Self.escapes.unicodeScalars.map {
                        $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\"
                            ? String($0) : String(format: "\\u%04x", $0.value)
                    }.joined() + #""}}"#), for: "/wiki/api.php")
        let run = try loopback.xkcd.run(
            [], stdin: "goto 3\nexplain 2\ngoto \u{1B}[2J\u{202E}x\nsearch \u{1B}]0;t\u{07}\n")
        #expect(run.errorLines.count >= 3, "\(run.stderr)")
        #expect(OutputHygiene.problems(in: run.stdout + run.stderr).isEmpty, "\(run.stderr)")
    }
}
