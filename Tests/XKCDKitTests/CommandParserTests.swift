import Testing

@testable import XKCDKit

extension CommandParser {
    /// The commands of `line`, or the first error in it.
    static func commands(_ line: String) throws -> [Command] {
        try parse(line: line).map { try $0.get() }
    }
}

@Suite struct CommandParserTests {
    private func parse(_ line: String) throws -> [Command] {
        try CommandParser.commands(line)
    }

    private func usageMessage(_ line: String) -> String? {
        do {
            _ = try CommandParser.commands(line)
            return nil
        } catch {
            return (error as? UsageError)?.message
        }
    }

    @Test func aCommandThatDoesNotParseStandsInItsPlaceAndTheOthersStay() throws {
        let parsed = try CommandParser.parse(line: "goto 1; frobnicate; latest")
        #expect(parsed.count == 3)
        #expect(try parsed[0].get() == .goto(.number(1)) && (try parsed[2].get()) == .latest)
        guard case let .failure(error) = parsed[1] else {
            Issue.record("frobnicate parsed: \(parsed[1])")
            return
        }
        #expect(error.message.hasPrefix("unknown command 'frobnicate'"))
        #expect(throws: UsageError.self) { try CommandParser.parse(line: "goto 'unclosed") }
    }

    @Test func parsesEveryCommandAndAlias() throws {
        #expect(try parse("latest") == [.latest])
        #expect(try parse("l") == [.latest])
        #expect(try parse("first") == [.first])
        #expect(try parse("next") == [.next(1)])
        #expect(try parse("n 5") == [.next(5)])
        #expect(try parse("prev 2") == [.previous(2)])
        #expect(try parse("p") == [.previous(1)])
        #expect(try parse("random") == [.random])
        #expect(try parse("r") == [.random])
        #expect(try parse("goto 353") == [.goto(.number(353))])
        #expect(try parse("g #353") == [.goto(.number(353))])
        #expect(try parse("353") == [.goto(.number(353))])
        #expect(try parse("#353") == [.goto(.number(353))])
        #expect(try parse("goto Barrel - Part 1") == [.goto(.title("Barrel - Part 1"))])
        #expect(try parse("goto \"Barrel -  Part 1\"") == [.goto(.title("Barrel -  Part 1"))])
        #expect(try parse("goto abc") == [.goto(.title("abc"))])
        #expect(try parse("back") == [.back])
        #expect(try parse("b") == [.back])
        #expect(try parse("forward") == [.forward])
        #expect(try parse("f") == [.forward])
        #expect(try parse("history") == [.history(limit: 30)])
        #expect(try parse("show") == [.show(nil)])
        #expect(try parse("info 353") == [.show(.number(353))])
        #expect(try parse("i") == [.show(nil)])
        #expect(try parse("alt 1") == [.alt(.number(1))])
        #expect(try parse("transcript") == [.transcript(nil)])
        #expect(try parse("help") == [.help(nil)])
        #expect(try parse("? n") == [.help("next")])
        #expect(try parse("quit") == [.quit])
        #expect(try parse("exit") == [.quit])
        #expect(try parse("q") == [.quit])
        #expect(try parse("LATEST") == [.latest])
        #expect(try parse("fav") == [.favorite(nil)])
        #expect(try parse("fav 353") == [.favorite(.number(353))])
        #expect(try parse("fav import ~/favs.json") == [.importFavorites(path: "~/favs.json")])
        #expect(try parse("unfav") == [.unfavorite(nil)])
        #expect(try parse("favs") == [.favorites])
        #expect(try parse("save") == [.save(nil, path: nil, force: false)])
        #expect(try parse("save 353 /tmp --force") == [.save(.number(353), path: "/tmp", force: true)])
        #expect(try parse("save -f out.png") == [.save(nil, path: "out.png", force: true)])
        #expect(try parse("cache") == [.cacheStats])
        #expect(try parse("cache stats") == [.cacheStats])
        #expect(try parse("cache clear") == [.cacheClear(skipConfirmation: false)])
        #expect(try parse("cache clear --yes") == [.cacheClear(skipConfirmation: true)])
        #expect(try parse("more") == [.more])
        #expect(usageMessage("more python") == "'more' takes no arguments (got 'python')")
    }

    /// Awkward queries' words: phrases, quotes, a shell's specials, a leading dash.
    static let awkwardQueries: [[String]] = [
        ["python"], ["make me a sandwich"], ["make me", "sandwich"], ["can't", "sleep"], ["pyth*", "?"],
        ["$HOME", "`date`", "a!b", "back\\slash"], [#"it's "quoted" here"#], [#""python"#], ["-v", "--all"],
        ["日本 語"], ["a;b", "#1", "~x"], [" spaced  out "],
    ]

    @Test func aQueryWrittenOutForThePromptReadsBackTheSame() throws {
        for words in Self.awkwardQueries {
            // Spaces between words only separate them.
            let text = QueryWords.text(QueryWords.words(QueryWords.text(words)))
            #expect(QueryWords.text(QueryWords.words(text)) == text, "\(words)")
            let line = QueryWords.commandLine(QueryWords.words(text))
            #expect(try parse("search -- " + line) == [.search(text)], "\(line)")
        }
        #expect(QueryWords.commandLine(["make me a sandwich", "can't"]) == #""make me a sandwich" "can't""#)
        #expect(QueryWords.commandLine(["$HOME", "it's"]) == #"'$HOME' "it's""#)
        #expect(QueryWords.commandLine(["a!'b"]) == #"'a!'\''b'"#)
    }

    @Test func aQueryIsTextHoweverTheShellGroupedIt() throws {
        let phrase = #""make me a sandwich""#
        // At the prompt, in -c and in scripts the line's quotes are the program's: a phrase.
        #expect(try parse(#"search "make me a sandwich""#) == [.search(phrase)])
        #expect(try parse("search 'make me a sandwich'") == [.search(phrase)])
        #expect(
            try parse(#"/"make me a sandwich"; s "make me" sandwich"#) == [
                .search(phrase), .search(#""make me" sandwich"#),
            ])
        #expect(try parse("search make me a sandwich") == [.search("make me a sandwich")], "the words: any of them")
        // argv: the shell's quotes only kept a sentence whole; its words are the query.
        let sentence = "long passphrases beat short complicated ones with symbols"
        #expect(try CommandParser.parse(words: ["search", sentence]) == .search(sentence))
        #expect(
            try CommandParser.parse(words: ["search"] + sentence.split(separator: " ").map(String.init))
                == .search(sentence))
        #expect(try CommandParser.parse(words: ["/make me a sandwich"]) == .search("make me a sandwich"))
        // Quotes the user wrote for search itself are search's to read.
        #expect(try CommandParser.parse(words: ["search", phrase]) == .search(phrase))
        #expect(try parse(#"search '"make me" sandwich'"#) == [.search(#""make me" sandwich"#)])
        #expect(try CommandParser.parse(words: ["search", #""make me" OR sudo"#]) == .search(#""make me" OR sudo"#))
        // Quotes group a title's words elsewhere, and make no phrase of it.
        #expect(try parse(#"goto "Exploits of a Mom""#) == [.goto(.title("Exploits of a Mom"))])
    }

    @Test func apostrophesNeedNoQuotes() throws {
        #expect(try parse("search don't panic") == [.search("don't panic")])
        #expect(try parse("search someone's wrong on the internet") == [.search("someone's wrong on the internet")])
        #expect(try parse("search the programmers' jokes") == [.search("the programmers' jokes")])
        #expect(
            try parse("search the programmers' jokes aren't funny") == [.search("the programmers' jokes aren't funny")],
            "a contraction's apostrophe closes no quote")
        #expect(try parse(#"search "don't panic""#) == [.search(#""don't panic""#)])
        #expect(try CommandParser.parse(words: ["search", "don't panic"]) == .search("don't panic"))
        #expect(try CommandParser.parse(words: ["search", "someone's", "wrong"]) == .search("someone's wrong"))
        // A quote that another closes is still a quote.
        #expect(try parse("search 'two words' it's") == [.search(#""two words" it's"#)])
    }

    @Test func aSlashFollowedByWordsReadsItsOptions() throws {
        #expect(try parse("/python --limit 2") == [.search("python", limit: 2)])
        #expect(try CommandParser.parse(words: ["/python", "--limit", "2"]) == .search("python", limit: 2))
        #expect(try parse("/ python --limit 2") == [.search("python", limit: 2)])
    }

    @Test func everyCommandThatNamesAComicTakesANumberOrATitle() throws {
        for name in ["show", "image", "alt", "transcript", "explain", "share", "open", "fav", "unfav", "save"] {
            let commands = try parse("\(name) Python; \(name) 353; \(name) Exploits of a Mom")
            #expect(commands.count == 3, "\(name)")
        }
        #expect(
            try parse("share Python --markdown") == [
                .share(.title("Python"), format: .markdown, to: nil, copy: false, open: false)
            ])
        #expect(try parse("save Python") == [.save(.title("Python"), path: nil, force: false)])
        #expect(try parse("save Python py.png") == [.save(.title("Python"), path: "py.png", force: false)])
        #expect(
            try parse("save Exploits of a Mom ~/comics/") == [
                .save(.title("Exploits of a Mom"), path: "~/comics/", force: false)
            ])
        #expect(try parse("save 353 ./out") == [.save(.number(353), path: "./out", force: false)])
        #expect(try parse("save ./out") == [.save(nil, path: "./out", force: false)])
        #expect(try parse("save \"1.2 Kilofives\"") == [.save(.title("1.2 Kilofives"), path: nil, force: false)])
        #expect(try parse("save 353 python") == [.save(.number(353), path: "python", force: false)])
    }

    @Test func titlesCompleteAfterShareAndSaveAndPathsAfterANumberOrWhatLooksLikeOne() {
        let titles = TitleIndex(titles: [(353, "Python"), (327, "Exploits of a Mom")], favorites: [])
        #expect(Completer().complete("share Pyt", titles: titles).insertion == "Python ")
        #expect(Completer().complete("save Pyt", titles: titles).insertion == "Python ")
        let paths: (String) -> [String] = { typed in ["./py.png", "pics/"].filter { $0.hasPrefix(typed) } }
        #expect(Completer().complete("save Python ./p", titles: titles, paths: paths).insertion == "./py.png ")
        #expect(Completer().complete("save 353 pi", titles: titles, paths: paths).insertion == "pics/")
    }

    @Test func twoBareNumbersAreAUsageErrorNotATitle() throws {
        #expect(usageMessage("goto 1 2")?.hasPrefix("'goto' takes one comic number, not '1 2'") == true)
        #expect(usageMessage("show 1 #2")?.hasPrefix("'show' takes one comic number, not '1 #2'") == true)
        #expect(try parse("goto \"1 2\"") == [.goto(.title("1 2"))], "quoted, it is a title")
        #expect(try parse("goto 1.2 Kilofives") == [.goto(.title("1.2 Kilofives"))])
    }

    @Test func historyTakesACountOrAll() throws {
        #expect(try parse("history") == [.history(limit: CommandSpec.historyShown)])
        #expect(try parse("history 5") == [.history(limit: 5)])
        #expect(try parse("history --all") == [.history(limit: nil)])
        #expect(try parse("history -a") == [.history(limit: nil)])
        #expect(usageMessage("history 0")?.contains("positive count") == true)
        #expect(usageMessage("history --all 5") != nil)
    }

    @Test func commentLinesAreNotComicNumbers() {
        #expect(CommandTokenizer.isComment("# a note"))
        #expect(CommandTokenizer.isComment("   #note"))
        #expect(CommandTokenizer.isComment("#!/usr/bin/env xkcd"))
        #expect(!CommandTokenizer.isComment("#353"))
        #expect(!CommandTokenizer.isComment(" #353; alt"))
        #expect(!CommandTokenizer.isComment("goto 353 # trailing"))
        #expect(!CommandTokenizer.isComment(""))
    }

    @Test func splitsOnSemicolonsAndSkipsEmptyCommands() throws {
        #expect(try parse("goto 353; next;; show") == [.goto(.number(353)), .next(1), .show(nil)])
        #expect(try parse("") == [])
        #expect(try parse("   ") == [])
        #expect(try parse(" ; ; ") == [])
        #expect(try parse("goto \"a;b\"") == [.goto(.title("a;b"))])
    }

    @Test func badInputGetsOneClearMessage() throws {
        #expect(usageMessage("goto -3") == "comic numbers start at 1 (got -3)")
        #expect(usageMessage("goto 0") == "comic numbers start at 1 (got 0)")
        #expect(usageMessage("0") == "comic numbers start at 1 (got 0)")
        #expect(usageMessage("goto 99999999999999999999999")?.hasPrefix("no comic number is that large") == true)
        #expect(usageMessage("goto") == "'goto' needs a comic number or title — e.g. goto 353")
        #expect(usageMessage("gotoo 5") == "unknown command 'gotoo' — did you mean 'goto'?")
        #expect(usageMessage("lates") == "unknown command 'lates' — did you mean 'latest'?")
        #expect(usageMessage("hist") == "unknown command 'hist' — did you mean 'history'?")
        #expect(usageMessage("frobnicate") == "unknown command 'frobnicate' — type 'help' for the list")
        #expect(usageMessage("latest now") == "'latest' takes no arguments (got 'now')")
        #expect(usageMessage("next two") == "'next' takes a positive count, not 'two' — usage: next [K]")
        #expect(usageMessage("next 0") == "'next' takes a positive count, not '0' — usage: next [K]")
        #expect(try parse("show abc") == [.show(.title("abc"))])
        #expect(usageMessage("show 1 2")?.hasPrefix("'show' takes one comic number, not '1 2'") == true)
        #expect(usageMessage("353 extra") == "unexpected 'extra' after '353'")
        #expect(usageMessage("help nope") == "unknown command 'nope' — type 'help' for the list")
        #expect(usageMessage("goto \"unterminated")?.hasPrefix("unterminated quote") == true)
        #expect(usageMessage("goto 'unterminated")?.hasPrefix("unterminated quote") == true)
        // An apostrophe between letters is typed as one, not as a quote.
        #expect(try parse("goto Ballmer's Peak") == [.goto(.title("Ballmer's Peak"))])
        #expect(try parse("search can't sleep, don't know") == [.search("can't sleep, don't know")])
        #expect(try parse("search 'rock n' roll") == [.search(#""rock n" roll"#)])
        #expect(try parse("fav Barrel - Part 1") == [.favorite(.title("Barrel - Part 1"))])
        #expect(usageMessage("fav import") == "'fav import' needs one file — usage: fav import FILE")
        #expect(usageMessage("unfav 0") == "comic numbers start at 1 (got 0)")
        #expect(usageMessage("favs 3") == "'favs' takes no arguments (got '3')")
        #expect(try parse("save 1 a b") == [.save(.title("1 a b"), path: nil, force: false)], "a title")
        #expect(
            usageMessage("save --bogus") == "'save' has no option '--bogus' — usage: save [N | TITLE] [PATH] [--force]")
        #expect(
            usageMessage("cache wipe")
                == "'cache' takes 'stats' or 'clear', not 'wipe' — usage: cache [stats | clear [--yes]]")
        #expect(usageMessage("cache clear now") == "'cache clear' takes only --yes (got 'now')")
    }

    @Test func hugeAndHostileLinesGiveShortSafeMessages() throws {
        let long = String(repeating: "x", count: 10_000)
        let message = try #require(usageMessage(long))
        #expect(message.count < 120)
        let hostile = try #require(usageMessage("\u{1B}[31mred"))
        #expect(!hostile.contains("\u{1B}"))
    }

    @Test func optionsAreReadWhereverTheyStandByTheirDeclarations() throws {
        #expect(try parse("sync") == [.sync(images: false, jobs: nil)], "no --jobs: as many as the connection carries")
        #expect(try parse("sync -j 100") == [.sync(images: false, jobs: 100)])
        #expect(try parse("sync --images --jobs 4") == [.sync(images: true, jobs: 4)])
        #expect(try parse("sync --jobs=4 --images") == [.sync(images: true, jobs: 4)])
        #expect(try parse("sync -j 16") == [.sync(images: false, jobs: 16)])
        #expect(try parse("sync --no-explanations") == [.sync(images: false, explanations: false)])
        #expect(try parse("sync --explanations") == [.sync(images: false, explanations: true)], "the default")
        #expect(try parse("sync --all --no-explanations") == [.sync(images: true, explanations: false)])
        #expect(
            usageMessage("sync --explanations --no-explanations")
                == "'sync' takes --no-explanations or --explanations, not both")
        #expect(try parse("explain --all 353") == [.explain(.number(353), all: true)])
        #expect(try parse("explain 353 --ALL") == [.explain(.number(353), all: true)])
        #expect(
            try parse("share --markdown 353 --copy") == [
                .share(.number(353), format: .markdown, to: nil, copy: true, open: false)
            ])
        #expect(try parse("cache clear -y") == [.cacheClear(skipConfirmation: true)])
        #expect(
            try parse("image --width=40 --renderer ASCII 353")
                == [.image(.number(353), ImageOptions(renderer: .ascii, width: 40), withCard: false)])
        #expect(
            try parse("show 353 --image --width 60")
                == [.image(.number(353), ImageOptions(width: 60), withCard: true)])
        #expect(try parse("check --notify") == [.check(notify: true)])
    }

    @Test func doubleDashEndsOptionsAndHelpFlagsAskForHelp() throws {
        #expect(try parse("search -- --json") == [.search("--json")])
        #expect(try parse("search --exact pasword strenght") == [.search("pasword strenght", exact: true)])
        #expect(try parse("search pasword --exact --all") == [.search("pasword", limit: nil, exact: true)])
        #expect(try parse("search -n 3 pasword") == [.search("pasword", limit: 3, exact: false)])
        #expect(try parse("search -- --exact") == [.search("--exact")])
        #expect(try parse("goto -- --help") == [.goto(.title("--help"))])
        #expect(try parse("goto --help") == [.help("goto")])
        #expect(try parse("nu -h") == [.help("next-unread")])
        #expect(try parse("sync --jobs 4 --help") == [.help("sync")])
        #expect(try parse("goto 1000 Miles") == [.goto(.title("1000 Miles"))], "a title may start with a number")
        #expect(try parse("goto -50 Points") == [.goto(.title("-50 Points"))], "a title's own dash is no option")
        #expect(try parse("search python --offline") == [.search("python --offline")], "search has no options")
        #expect(try parse("fav import --odd.json") == [.importFavorites(path: "--odd.json")])
        #expect(try parse("show -x") == [.show(.title("-x"))])
        #expect(try parse("cache clear -Y") == [.cacheClear(skipConfirmation: true)])
    }

    @Test func optionValuesAreCheckedByTheirDeclaredTypes() throws {
        #expect(usageMessage("sync --jobs 0") == "--jobs takes a number from 1 to 100, not '0'")
        #expect(usageMessage("sync --jobs=many") == "--jobs takes a number from 1 to 100, not 'many'")
        #expect(
            usageMessage("sync --jobs")
                == "--jobs needs a value — usage: sync [--images] [--no-explanations] [--all] [--jobs N]"
        )
        #expect(
            usageMessage("image --renderer vga")
                == "--renderer takes one of auto, kitty, iterm, sixel, blocks, ascii, not 'vga'")
        #expect(usageMessage("image --width 0")?.hasPrefix("--width takes a number of columns from 1 to ") == true)
        #expect(usageMessage("explain --all=yes") == "--all takes no value (got '--all=yes')")
        #expect(usageMessage("save -x") == "'save' has no option '-x' — usage: save [N | TITLE] [PATH] [--force]")
        #expect(
            usageMessage("explain --bogus") == "'explain' has no option '--bogus' — usage: explain [N | TITLE] [--all]")
        #expect(usageMessage("latest --bogus") == "'latest' takes no arguments (got '--bogus')")
        #expect(usageMessage("next --x") == "'next' takes a positive count, not '--x' — usage: next [K]")
        #expect(usageMessage("sync now") == "'sync' takes no arguments (got 'now')")
        #expect(
            usageMessage("show --width 60") == "--renderer and --width go with --image — e.g. show --image --width 60")
        #expect(usageMessage("share --text --markdown") == "'share' takes one of --text, --mailto and --markdown")
        #expect(usageMessage("cache stats --yes") == "--yes goes with 'cache clear'")
    }

    @Test func usageLinesAreMadeFromTheDeclaredOptions() {
        let lines = Dictionary(uniqueKeysWithValues: CommandSpec.all.map { ($0.name, $0.synopsis) })
        #expect(lines["latest"] == "latest")
        #expect(lines["history"] == "history [N | --all]", "--all in place of N")
        #expect(lines["sync"] == "sync [--images] [--no-explanations] [--all] [--jobs N]")
        #expect(lines["search"] == "search QUERY [--limit N | --all] [--exact] [--by words|meaning]")
        #expect(lines["cache"] == "cache [stats | clear [--yes]]")
        #expect(lines["show"] == "show [N | TITLE] [--image]", "the image options are image's to describe")
        #expect(lines["image"] == "image [N | TITLE] [--renderer R] [--width N]")
        #expect(
            lines["share"] == "share [N | TITLE] [--text | --mailto | --markdown] [--to ADDR] [--copy] [--open]")
    }

    @Test func namesAndAliasesAreUnique() {
        let names = CommandSpec.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count, "no name or alias is used twice")
    }
}
