import Testing

@testable import XKCDKit

@Suite struct CompleterTests {
    let completer = Completer()

    @Test func pathsAfterSaveAndFavImport() {
        let files = ["comic one.png", "comics/", "favs.json", "dir/", "dir/a;b.png"]
        func paths(_ typed: String) -> [String] {
            files.filter { $0 != typed && $0.hasPrefix(typed) && !$0.dropFirst(typed.count).dropLast().contains("/") }
        }
        #expect(
            completer.complete("save 353 f", paths: paths)
                == Completion(replaceCount: 1, insertion: "favs.json ", candidates: ["favs.json"]))
        #expect(
            completer.complete("save 353 com", paths: paths)
                == Completion(replaceCount: 3, insertion: "comic", candidates: ["comic one.png", "comics/"]))
        #expect(
            completer.complete(#"save 353 comic\ "#, paths: paths)
                == Completion(replaceCount: 7, insertion: #"comic\ one.png "#, candidates: ["comic one.png"]),
            "an escaped space stays in the word")
        #expect(
            completer.complete("save 1 di", paths: paths)
                == Completion(replaceCount: 2, insertion: "dir/", candidates: ["dir/"]),
            "a directory takes no space, so Tab goes on into it")
        #expect(
            completer.complete("save 353 dir/", paths: paths).insertion == #"dir/a\;b.png "#,
            "the grammar reads it back")
        #expect(completer.complete("fav import fa", paths: paths).insertion == "favs.json ")
        #expect(completer.complete("fav fa", paths: paths).insertion.isEmpty, "without import, fav takes a comic")
        #expect(completer.complete("save 353 --f", paths: paths).insertion == "--force ")
        #expect(completer.complete("save 353 x", paths: paths) == .none)
    }

    @Test func setCompletesAKeyThenItsValues() {
        #expect(completer.complete("set th") == Completion(replaceCount: 2, insertion: "theme ", candidates: ["theme"]))
        #expect(completer.complete("set theme d").insertion == "dark ")
        #expect(completer.complete("set --save ti").insertion == "timeout ")
        #expect(completer.complete("set images ").candidates == ["auto", "always", "never"])
        #expect(completer.complete("set offline t").insertion == "true ")
        #expect(completer.complete("set timeout ").candidates.isEmpty, "a number has nothing to offer")
        #expect(completer.complete("set ").candidates == SettingSpec.all.map(\.name))
        #expect(completer.complete("set images --s").insertion == "--save ")
    }

    @Test func completesAUniqueCommandNameWithASpace() {
        #expect(completer.complete("go") == Completion(replaceCount: 2, insertion: "goto ", candidates: ["goto"]))
        #expect(completer.complete("GO").insertion == "goto ")
        #expect(completer.complete("  lat").insertion == "latest ")
    }

    @Test func ambiguousPrefixesListCandidates() {
        let c = completer.complete("f")
        #expect(c.candidates == ["first", "forward", "fav", "favs"])
        #expect(c.insertion == "")
        let h = completer.complete("h")
        #expect(h.candidates == ["history", "help"])
        #expect(h.insertion == "")
        let he = completer.complete("he")
        #expect(he.insertion == "help ")
    }

    @Test func emptyLineListsEveryCommand() {
        #expect(completer.complete("").candidates.count == CommandSpec.all.count)
    }

    @Test func helpCompletesCommandNames() {
        #expect(completer.complete("help tr").insertion == "transcript ")
        #expect(completer.complete("help transcript ").candidates.isEmpty)
    }

    @Test func completesAfterASemicolon() {
        #expect(completer.complete("goto 353; his").insertion == "history ")
        // "next" and "next-unread": the common part, and both offered.
        #expect(completer.complete("goto 353; ne").insertion == "next")
        #expect(completer.complete("goto 353; ne").candidates.contains("next-unread"))
    }

    @Test func unknownCommandsCompleteNothing() {
        #expect(completer.complete("zz") == .none)
        #expect(completer.complete("zz a") == .none)
    }

    let index = TitleIndex(
        titles: [
            (1, "Barrel - Part 1"), (11, "Barrel - Part 2"), (22, "Barrel - Part 3"), (353, "Python"),
            (1705, "Pokémon Go"), (2619, "Crêpe"), (2, "Petit Trees (sketch)"), (35, "Snowflakes"),
            (3535, "Semicolons; Quotes \"and\" More"), (3015, "D&D Combinatorics"), (3142, "<City>-Style Pizza"),
            (1054, "The\u{2009}bacon"), (2800, "Don\u{2019}t Panic"),
        ], favorites: [353, 2619])

    @Test func multiWordTitlesCompleteToTheirCommonPrefixThenList() {
        let first = completer.complete("goto barrel - p", titles: index)
        #expect(first.insertion == "Barrel - Part ")
        #expect(first.replaceCount == "barrel - p".count)
        let second = completer.complete("goto Barrel - Part ", titles: index)
        #expect(second.insertion == "")
        #expect(second.candidates == ["Barrel - Part 1", "Barrel - Part 2", "Barrel - Part 3"])
        #expect(completer.complete("goto Barrel - Part 3", titles: index).insertion == "Barrel - Part 3 ")
    }

    @Test func titlesMatchWithoutCaseOrAccents() {
        #expect(completer.complete("show pokem", titles: index).insertion == "Pokémon Go ")
        #expect(completer.complete("fav CREPE", titles: index).insertion == "Crêpe ")
        #expect(completer.complete("alt PYTH", titles: index).insertion == "Python ")
        #expect(completer.complete("goto zzz", titles: index).candidates.isEmpty)
    }

    @Test func titlesWithPunctuationAndUnicodeSpacesComplete() throws {
        #expect(
            completer.complete("goto D&D", titles: index)
                == Completion(replaceCount: 3, insertion: "D&D Combinatorics ", candidates: ["D&D Combinatorics"]))
        #expect(completer.complete("goto <City", titles: index).insertion == "<City>-Style Pizza ")
        let bacon = completer.complete("goto the b", titles: index)
        #expect(bacon == Completion(replaceCount: 5, insertion: "The\u{2009}bacon ", candidates: ["The\u{2009}bacon"]))
        #expect(completer.complete("goto don't", titles: index).insertion == "Don\u{2019}t Panic ", "a straight quote")
        for typed in ["D&D", "<City", "the b"] {
            let line = "goto " + completer.complete("goto " + typed, titles: index).insertion
            let parsed = try CommandParser.commands(line)
            guard case let .goto(.title(title)) = parsed.first else {
                Issue.record("\(line) parsed as \(parsed)")
                continue
            }
            #expect(index.matches(title).map(\.num).count == 1, "the completed line names one comic")
        }
    }

    @Test func titlesMatchByTheirLettersWhenTheirPunctuationIsNotTyped() {
        #expect(completer.complete("goto dd comb", titles: index).insertion == "D&D Combinatorics ")
        #expect(completer.complete("goto city style", titles: index).insertion == "<City>-Style Pizza ")
        #expect(completer.complete("goto barrel-p", titles: index).insertion == "Barrel - Part ")
        #expect(completer.complete("goto dd comb", titles: index).replaceCount == "dd comb".count)
    }

    @Test func numbersCompleteAndListWithTitles() {
        let unique = completer.complete("goto 170", titles: index)
        #expect(unique.insertion == "1705 ")
        #expect(unique.candidates == ["1705 Pokémon Go"])
        let many = completer.complete("show 35", titles: index)
        #expect(many.candidates == ["35 Snowflakes", "353 Python", "3535 Semicolons; Quotes \"and\" More"])
        #expect(completer.complete("goto #1705", titles: index).insertion == "1705 ")
    }

    @Test func unfavCompletesFavoritesOnly() {
        #expect(completer.complete("unfav ", titles: index).candidates == ["353 Python", "2619 Crêpe"])
        #expect(completer.complete("unfav p", titles: index).insertion == "Python ")
        #expect(completer.complete("unfav b", titles: index).candidates.isEmpty)
    }

    @Test func specialCharactersInTitlesAreEscapedSoTheLineParses() throws {
        let completion = completer.complete("goto semi", titles: index)
        #expect(completion.insertion == #"Semicolons\; Quotes \"and\" More "#)
        let line = "goto " + completion.insertion
        #expect(try CommandParser.commands(line) == [.goto(.title("Semicolons; Quotes \"and\" More"))])
    }

    @Test func anOptionsValueIsNeverAnotherOption() {
        #expect(completer.complete("search --limit ", titles: index) == .none)
        #expect(completer.complete("search python --limit ", titles: index) == .none)
        #expect(completer.complete("image --renderer si", titles: index).insertion == "sixel ")
    }

    @Test func commandsWithoutComicsOfferTheirOptions() {
        #expect(completer.complete("sync --i", titles: index).insertion == "--images ")
        #expect(completer.complete("fav im", titles: index).insertion == "import ")
        #expect(completer.complete("cache c", titles: index).insertion == "clear ")
        #expect(completer.complete("fav ", titles: index).candidates == ["import"])
    }

    @Test func aComicAskedForWithNextToNothingStoredSaysWhy() {
        for line in ["goto Pyth", "goto 35", "alt 2", "unfav "] {
            #expect(completer.complete(line, titles: .empty) == .fewStored(0), "\(line)")
        }
        #expect(
            Completion.fewStored(0).note
                == "no comics are stored yet: 'sync' fetches the archive, for Tab to complete every title")
        let newest = TitleIndex(titles: [(2665, "Moon Landing")], favorites: [])
        #expect(
            completer.complete("goto Pyth", titles: newest).note?.hasPrefix("only 1 comic is stored: 'sync'") == true)
        #expect(completer.complete("goto Moo", titles: newest).insertion == "Moon Landing ", "what is stored completes")
        let most = TitleIndex(titles: (1...10).map { ($0, "Comic \($0)") }, favorites: [])
        #expect(completer.complete("goto Zzz", titles: most) == .none, "a title that is not there is no news")
        #expect(completer.complete("sync --zz", titles: .empty) == .none, "options are not comics")
    }
}
