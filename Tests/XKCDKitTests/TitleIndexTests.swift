import Testing

@testable import XKCDKit

/// How a typed title finds the comics it names.
@Suite struct TitleIndexTests {
    let index = TitleIndex(
        titles: [
            (3015, "D&D Combinatorics"), (3142, "<City>-Style Pizza"), (1054, "The\u{2009}bacon"),
            (1137, "\u{202E}LTR"),
            (1, "Barrel - Part 1"), (11, "Barrel - Part 2"), (1350, "Lorenz"), (2800, "Don\u{2019}t Panic"),
            (52, "Love"), (53, "Lo ve"), (323, "Ballmer Peak"), (1000, "Tom's Guide"),
        ], favorites: [1054])

    func numbers(_ query: String, favoritesOnly: Bool = false) -> [Int] {
        index.matches(query, favoritesOnly: favoritesOnly).map(\.num)
    }

    @Test func keysFoldSpacesQuotesAndDashes() {
        #expect(TitleIndex.key("The\u{2009}bacon") == "the bacon")
        #expect(TitleIndex.key("  A\u{00A0}\u{3000}b\t ") == "a b")
        #expect(TitleIndex.key("Don\u{2019}t \u{201C}Panic\u{201D} \u{2014} ok") == "don't \"panic\" - ok")
        #expect(TitleIndex.key("Clich\u{E9}d") == "cliched")
        #expect(TitleIndex.looseKey("<City>-Style Pizza") == "citystylepizza")
        #expect(TitleIndex.looseKey("?!") == "")
    }

    @Test func aTitleIsFoundAsTypedWithItsPunctuationOrSpaces() {
        #expect(numbers("D&D Combinatorics") == [3015])
        #expect(numbers("<city>-style pizza") == [3142])
        #expect(numbers("the bacon") == [1054], "a plain space for the thin one")
        #expect(numbers("don't panic") == [2800])
        #expect(numbers("LTR") == [1137], "the direction override is not part of the title")
        #expect(numbers("the bacon", favoritesOnly: true) == [1054])
        #expect(numbers("d&d", favoritesOnly: true).isEmpty)
    }

    @Test func lettersAloneFindATitleWhenItsPunctuationIsLeftOut() {
        #expect(numbers("dd combinatorics") == [3015])
        #expect(numbers("city style") == [3142])
        #expect(numbers("barrel part") == [1, 11])
        #expect(numbers("barrel part 2") == [11])
        #expect(numbers("-").isEmpty, "punctuation alone is no title")
    }

    @Test func aPossessiveTypedOrLeftOutStillFindsTheTitle() {
        #expect(numbers("Ballmer's Peak") == [323])
        #expect(numbers("ballmer\u{2019}s peak") == [323], "a typographic apostrophe")
        #expect(numbers("ballmer's p") == [323], "a prefix")
        #expect(numbers("Tom Guide") == [1000])
        #expect(numbers("toms guide") == [1000])
        #expect(numbers("tom's guide") == [1000])
    }

    @Test func anExactTitleWinsOverLongerOnesAndKeyBeforeLetters() {
        #expect(numbers("lo") == [52, 53, 1350], "a prefix names every title it starts")
        #expect(numbers("love") == [52], "the exact title")
        #expect(numbers("lo ve") == [53], "the exact key, though its letters are those of another")
    }

    @Test func nearestTitlesAreAFewEditsAwayClosestFirst() {
        let index = TitleIndex(
            titles: [(353, "Python"), (327, "Exploits of a Mom"), (1, "Barrel - Part 1"), (2, "Petit Trees (sketch)")],
            favorites: [327])
        #expect(index.nearest("Pyhton").map(\.num) == [353])
        #expect(index.nearest("exploits of a mum").map(\.num) == [327])
        #expect(index.nearest("zzqqxx").isEmpty)
        #expect(index.nearest("Pyhton", favoritesOnly: true).isEmpty)
        #expect(index.nearest("").isEmpty)
    }
}
