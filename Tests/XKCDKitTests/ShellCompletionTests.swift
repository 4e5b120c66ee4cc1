import Foundation
import Testing

@testable import XKCDKit

/// What `xkcd __complete` answers the completion scripts.
@Suite struct ShellCompletionTests {
    let index = TitleIndex(
        titles: [
            (353, "Python"), (327, "Exploits of a Mom"), (1333, "First Date"), (2474, "First Time Since Early 2020"),
            (343, "1337: Part 3"), (1705, "Pokémon Go"), (35, "Snowflakes"), (3535, "Semicolons; Quotes \"and\" More"),
            (3015, "D&D Combinatorics"), (3142, "<City>-Style Pizza"), (1054, "The\u{2009}bacon"),
        ], favorites: [353])

    // The candidate lines zsh or fish get for `words` (after the program name).
    func answer(_ words: String..., shell: CompletionShell = .zsh) -> [String] {
        let request = ShellCompletionRequest(arguments: [shell.rawValue] + words)
        let lines =
            request?.reply(titles: { index }).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            ?? []
        #expect(lines.first == "candidates" && lines.last == "")
        return Array(lines.dropFirst().dropLast())
    }

    // The `COMPREPLY` bash gets for a line, readline completing `word` (the last word by default).
    func bash(_ line: String, word: String? = nil, listing: Bool = false) -> [String] {
        let word = word ?? String(line.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let request = ShellCompletionRequest(arguments: ["bash", listing ? "63" : "9", word, line])
        return Array((request?.reply(titles: { index }).split(separator: "\n").map(String.init) ?? []).dropFirst())
    }

    @Test func commandsAndTheirOptions() {
        #expect(answer("go") == ["goto\tgo to a comic by number or title"])
        #expect(answer("ne").map { $0.prefix { $0 != "\t" } } == ["next", "next-unread"])
        #expect(answer("image", "--re") == ["--renderer"])
        #expect(answer("help", "tr") == ["transcript\tprint a comic's transcript"])
        #expect(answer("zz", "a").isEmpty)
    }

    @Test func optionsBeforeTheCommandAndTheirValues() {
        #expect(answer("--d") == ["--data-dir\twhere comics, images and history are stored"])
        #expect(answer("--offline", "--json", "la") == ["latest\tgo to the newest comic"])
        #expect(answer("--data-dir", "/tmp/x", "go") == ["goto\tgo to a comic by number or title"])
        #expect(answer("--generate-completion-script", "") == ["bash", "zsh", "fish"])
        #expect(answer("--timeout", "").isEmpty)
        #expect(answer("--", "--x").isEmpty, "after -- there are no options")
        #expect(answer("--experimental").isEmpty, "hidden options are not offered")
        let directories = ShellCompletionRequest(arguments: ["fish", "--data-dir", "/tm"])?.reply(titles: { index })
        #expect(directories == "directories\n")
    }

    @Test func globalOptionsAfterTheCommandAsTheGrammarReadsThem() {
        #expect(answer("favs", "--js") == ["--json\tprint one JSON document per command"])
        #expect(answer("image", "--w").map { $0.prefix { $0 != "\t" } } == ["--width"])
        #expect(answer("goto", "--offline", "Pyt") == ["Python\t#353"])
        #expect(answer("unfav", "--json", "") == ["353\tPython"], "favorites only, after a global option")
        #expect(answer("search", "--", "--js").isEmpty, "after -- there are no options")
        let directories = ShellCompletionRequest(arguments: ["fish", "goto", "--data-dir", "/tm"])?.reply(titles: {
            index
        })
        #expect(directories == "directories\n")
    }

    @Test func pathsAreLeftToTheShell() {
        func kind(_ words: String...) -> String? {
            ShellCompletionRequest(arguments: ["fish"] + words)?.reply(titles: { index }).split(separator: "\n").first
                .map(String.init)
        }
        #expect(kind("save", "353", "/tm") == "files")
        #expect(kind("save", "") == "files", "the comic is optional: nothing typed yet offers files")
        #expect(answer("save", "Pyth") == ["Python\t#353"], "a begun word is a title")
        #expect(kind("save", "Python", "./") == "files")
        #expect(kind("fav", "import", "fa") == "files")
        #expect(kind("fav", "IMPORT", "") == "files")
        #expect(answer("fav", "imp") == ["import"], "the subcommand itself")
        #expect(answer("fav", "Pyth") == ["Python\t#353"])
        #expect(answer("save", "353", "--f") == ["--force"])
        #expect(kind("goto", "") == "candidates")
    }

    @Test func pathListerOffersWhatFollowsTheLastSlash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xkcd-lister-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("comics"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["comic one.png", ".hidden", "favs.json"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        #expect(
            PathLister.entries(completing: "com", currentDirectory: directory.path) == ["comic one.png", "comics/"])
        #expect(
            PathLister.entries(completing: "", currentDirectory: directory.path) == [
                "comic one.png", "comics/", "favs.json",
            ])
        #expect(PathLister.entries(completing: ".h", currentDirectory: directory.path) == [".hidden"])
        #expect(PathLister.entries(completing: directory.path + "/fa") == [directory.path + "/favs.json"])
        #expect(PathLister.entries(completing: "missing/x", currentDirectory: directory.path).isEmpty)
        #expect(
            PathLister.entries(completing: "~/fa", environment: ["HOME": directory.path]) == ["~/favs.json"],
            "~ is HOME, as everywhere")
    }

    @Test func titlesCompleteAsTheREPLDoesAndWordByWord() {
        #expect(answer("goto", "pyth") == ["Python\t#353"])
        #expect(answer("g", "pokemon") == ["Pokémon Go\t#1705"], "aliases, accents")
        #expect(answer("show", "First") == ["First Date\t#1333", "First Time Since Early 2020\t#2474"])
        #expect(answer("goto", "First", "T") == ["Time Since Early 2020\t#2474"])
        #expect(answer("goto", "Exploits of", "a") == ["a Mom\t#327"])
        #expect(answer("goto", "").isEmpty, "not every comic at once")
    }

    @Test func titlesWithPunctuationAndUnicodeSpacesComplete() {
        #expect(answer("goto", "D&D") == ["D&D Combinatorics\t#3015"])
        #expect(answer("goto", "<City", shell: .fish) == ["<City>-Style Pizza\t#3142"])
        #expect(answer("goto", "the", "b") == ["bacon\t#1054"], "the typed space stands for the thin one")
        #expect(answer("goto", "dd", "co") == ["Combinatorics\t#3015"], "by letters alone")
        #expect(answer("goto", "city", "st") == ["Style Pizza\t#3142"], "from the next letter, mid-word")
        #expect(answer("goto", "city", "pi").isEmpty, "the words typed spell the title's start")
    }

    @Test func numbersWithTheirTitlesAndFavoritesAfterUnfav() {
        #expect(answer("goto", "35") == ["35\tSnowflakes", "353\tPython", "3535\tSemicolons; Quotes \"and\" More"])
        #expect(answer("goto", "#170") == ["#1705\tPokémon Go"])
        #expect(answer("unfav", "") == ["353\tPython"])
        #expect(answer("unfav", "f", shell: .fish).isEmpty)
    }

    @Test func titlesAreReadOnlyForComics() {
        var reads = 0
        _ = ShellCompletionRequest(arguments: ["zsh", "go"])?.reply(titles: {
            reads += 1
            return index
        })
        _ = ShellCompletionRequest(arguments: ["zsh", "sync", "--"])?.reply(titles: {
            reads += 1
            return index
        })
        #expect(reads == 0)
        _ = ShellCompletionRequest(arguments: ["zsh", "goto", "P"])?.reply(titles: {
            reads += 1
            return index
        })
        #expect(reads == 1)
    }

    @Test func theDataDirectoryComesFromTheLineThenTheEnvironment() {
        let environment: Environment = ["XKCD_DATA_DIR": "/env", "HOME": "/home/u"]
        #expect(
            ShellCompletionRequest(arguments: ["zsh", "--data-dir", "/line", "goto", "P"])?
                .dataDirectory(environment: environment).path == "/line")
        #expect(
            ShellCompletionRequest(arguments: ["bash", "9", "P", "xkcd --data-dir=/eq goto P"])?
                .dataDirectory(environment: environment).path == "/eq")
        #expect(
            ShellCompletionRequest(arguments: ["fish", "goto", "P"])?.dataDirectory(environment: environment).path
                == "/env")
    }

    @Test func theShellsCompleteSettings() {
        #expect(bash("xkcd set sh") == ["share-format"])
        #expect(bash("xkcd set share-format mar") == ["markdown"])
        #expect(bash("xkcd --images al") == ["always"])
    }

    @Test func bashGetsWordsQuotedForReadline() {
        #expect(bash("xkcd go") == ["goto"])
        #expect(bash("xkcd goto Exp") == [#"Exploits\ of\ a\ Mom"#])
        #expect(bash("xkcd goto Exploits o") == ["of a Mom"], "typed word by word, completed word by word")
        #expect(bash("xkcd goto Semi") == [#"Semicolons\;\ Quotes\ \"and\"\ More"#])
        #expect(bash(#"xkcd goto "Semi"#, word: "Semi") == [#"Semicolons; Quotes \"and\" More"#])
        #expect(bash("xkcd goto 'Semi", word: "Semi") == [#"Semicolons; Quotes "and" More"#])
        // readline breaks words at ':' too: the reply replaces only what follows it.
        #expect(bash(#"xkcd goto 1337:\ P"#, word: #"\ P"#) == [#"\ Part\ 3"#])
        #expect(bash("xkcd --data-dir /tm") == [])
        // `&` and `<` are the shell's own: typed escaped or quoted, completed the same way.
        #expect(bash(#"xkcd goto D\&D"#) == [#"D\&D\ Combinatorics"#])
        #expect(bash(#"xkcd goto \<Ci"#) == [#"\<City\>-Style\ Pizza"#])
        #expect(bash("xkcd goto 'D&D", word: "D&D") == ["D&D Combinatorics"])
        #expect(bash(#"xkcd goto "<Ci"#, word: "<Ci") == ["<City>-Style Pizza"])
        #expect(bash("xkcd goto the b") == ["bacon"])
        #expect(bash("xkcd goto city sty") == ["Style Pizza"])
        #expect(bash("xkcd goto semicolons q") == [#"Quotes \"and\" More"#])
    }

    @Test func anOptionsValueIsCompletedAsItsValueNotAsAnotherOption() {
        #expect(bash("xkcd search --limit ").isEmpty)
        #expect(bash("xkcd search python -n ").isEmpty)
        #expect(bash("xkcd sync --jobs ").isEmpty)
        #expect(bash("xkcd share --to ").isEmpty)
        #expect(bash("xkcd image --renderer ").sorted() == RendererChoice.allCases.map(\.rawValue).sorted())
        #expect(bash("xkcd image 353 --renderer s") == ["sixel"])
        #expect(bash("xkcd search --limit 20 --a") == ["--all"], "after the value, options again")
    }

    @Test func bashListsPlainTextOnASecondTab() {
        #expect(bash("xkcd goto First") == [#"First\ Date"#, #"First\ Time\ Since\ Early\ 2020"#])
        #expect(bash("xkcd goto First", listing: true) == ["First Date", "First Time Since Early 2020"])
        #expect(
            bash("xkcd goto 35", listing: true) == [
                "35 Snowflakes", "353 Python", "3535 Semicolons; Quotes \"and\" More",
            ])
    }

    @Test func malformedRequestsAreRefused() {
        #expect(ShellCompletionRequest(arguments: []) == nil)
        #expect(ShellCompletionRequest(arguments: ["tcsh", "go"]) == nil)
        #expect(ShellCompletionRequest(arguments: ["bash", "9", "go"]) == nil)
    }

    @Test func shellLinesSplitAsTheShellWould() {
        let line = ShellLine(#"xkcd  goto "a b" c\ d "e\$\q" 'f"#)
        #expect(line.words == ["xkcd", "goto", "a b", "c d", #"e$\q"#, "f"])
        #expect(line.lastTyped == "'f")
        #expect(line.openQuote == "'")
        #expect(ShellLine("xkcd goto ").words == ["xkcd", "goto", ""])
        #expect(ShellLine(#"xkcd "" x"#).words == ["xkcd", "", "x"])
    }

    @Test func bashQuotingRoundTrips() {
        #expect(BashQuoting.quote("a b;c'd", inside: nil) == #"a\ b\;c\'d"#)
        #expect(BashQuoting.quote(#"a "b" $c"#, inside: "\"") == #"a \"b\" \$c"#)
        #expect(BashQuoting.quote("it's", inside: "'") == #"it'\''s"#)
        #expect(BashQuoting.quote("Pokémon Go", inside: nil) == #"Pokémon\ Go"#)
    }
}
