import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// SPEC.md's data facts, each on the real answer that shows it (`Fixtures/comics` from the
/// 2022 data set, `Fixtures/live` from the live API). Facts about the network (404s, the
/// newest comic) and explainxkcd are covered where those parts are tested.
@Suite struct DataFactsTests {
    static func comic(_ num: Int, live: Bool = false) throws -> Comic {
        let folder = ComicArchive.locateFixtures().appendingPathComponent(live ? "live" : "comics")
        return try ComicPayload.decode(Data(contentsOf: folder.appendingPathComponent("\(num).json")), expected: num)
    }

    @Test func datesAreStringsAndNumbersIntegers() throws {
        let python = try Self.comic(353)
        #expect(python.num == 353 && python.isoDate == "2007-12-05")
    }

    @Test func titlesComeFromTitleNotSafeTitle() throws {
        #expect(DisplayComic(try Self.comic(259)).title == "Clichéd Exchanges")
        #expect(DisplayComic(try Self.comic(472)).title == "House of Pancakes")
        #expect(DisplayComic(try Self.comic(3015, live: true)).title == "D&D Combinatorics")
        #expect(DisplayComic(try Self.comic(3142, live: true)).title == "<City>-Style Pizza")
    }

    @Test func controlsAndBidiOverridesNeverReachTheScreenAndUnicodeSpacesStay() throws {
        #expect(DisplayComic(try Self.comic(1137)).title == "LTR")
        let bacon = DisplayComic(try Self.comic(1054))
        #expect(bacon.title == "The\u{2009}bacon")
        let titles = TitleIndex(titles: [(bacon.num, bacon.title)], favorites: [])
        #expect(titles.matches("the bacon").map(\.num) == [1054], "matched whatever spaces it holds")
    }

    @Test func altTextIsTheAuthorsAndMojibakeIsRepairedOnlyInTranscripts() throws {
        #expect(DisplayComic(try Self.comic(1144, live: true)).alt == "<A>: Like </a>this.\u{A0}")
        let garbled = try Self.comic(1683)
        #expect(DisplayComic(garbled).alt == garbled.alt.replacingOccurrences(of: "\u{9D}", with: ""))
        #expect(DisplayComic(garbled).alt.hasPrefix("\u{E2}\u{20AC}\u{153}If you can read this"))
        #expect(DisplayComic(try Self.comic(847)).transcript.contains("Eärendil will patrol"))
        #expect(DisplayComic(try Self.comic(1649)).transcript.contains("is not my forté."))
    }

    @Test func newsIsHTMLWithSiteRelativeLinks() throws {
        #expect(DisplayComic(try Self.comic(1830, live: true)).news == "Previously: ISS Solar Transit")
    }

    @Test func interactiveComicsAreTheirPage() throws {
        for num in [1608, 1663] {
            let folder = DisplayComic(try Self.comic(num))
            #expect(folder.isInteractive && folder.imageURL.isEmpty, "#\(num): img is a bare folder")
        }
        for num in [2712, 3074] {
            let still = DisplayComic(try Self.comic(num, live: true))
            #expect(still.isInteractive && !still.imageURL.isEmpty, "#\(num): extra_parts, img a still")
        }
    }

    @Test func oddImageNamesAreKept() {
        let comic = Comic(
            num: 859, title: "(", safeTitle: "(", alt: "", img: "https://imgs.xkcd.com/comics/(.png",
            year: 2011, month: 2, day: 9)
        #expect(comic.hasImage && DisplayComic(comic).imageURL == "https://imgs.xkcd.com/comics/(.png")
    }
}
